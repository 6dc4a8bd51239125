/**
 * An amount typed in whole units with up to two decimals ("12", "12.5", "1,234.56" or "12,50") as cents, or null
 * when it is not one. Read from the digits, never through a float, so 0.29 is 29 cents exactly.
 */
export function parseAmount(text: string): number | null {
  let value = text.trim().replace(/\s+/g, '');
  // A comma followed by one or two digits at the end is a decimal comma; other commas group thousands.
  if (/,\d{1,2}$/.test(value) && !value.includes('.')) value = value.replace(/,(\d{1,2})$/, '.$1');
  value = value.replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the plain decimal a person would type back: 1234 → "12.34". */
export function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
