const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of an ISO 3166-1 alpha-2 code (XK, Kosovo, included); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Select options for country codes, sorted by name. */
export function countryOptions(codes: readonly string[]): { value: string; label: string }[] {
  return codes
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
