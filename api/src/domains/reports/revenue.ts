/**
 * Revenue on report lines (docs/decisions/0043-plans-and-fees.md): amounts in integer micro-units (1e-6) of their
 * currency, read from decimal text without ever going through a float.
 */

export const MICRO_DIGITS = 6;

/**
 * A non-negative decimal amount ("0.0123", "12", "1,234.5" is refused) as micro-units; digits past the sixth
 * decimal round half up. Null when the text is not such an amount or the amount is beyond a safe integer.
 */
export function parseMicroUnits(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  const match = /^\+?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^\+?()\.(\d+)$/.exec(text);
  if (!match) return null;
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').padEnd(MICRO_DIGITS + 1, '0');
  let micro = BigInt(whole) * 1_000_000n + BigInt(fraction.slice(0, MICRO_DIGITS));
  if (Number(fraction[MICRO_DIGITS]) >= 5) micro += 1n;
  return micro <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(micro) : null;
}

/**
 * A signed decimal amount as micro-units: parseMicroUnits, and a leading minus sign gives the negative amount of a
 * correction line (docs/decisions/0078-corrections-and-negative-balances.md). Null when it is not an amount.
 */
export function parseSignedMicroUnits(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!text.startsWith('-')) return parseMicroUnits(text);
  const magnitude = parseMicroUnits(text.slice(1));
  return magnitude === null ? null : -magnitude;
}

/** An ISO 4217 code (three letters, upper-cased), or null. */
export function normalizeCurrency(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}
