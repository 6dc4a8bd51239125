// Whole units with at most two decimals, a point or a comma between them: "1500", "1500.5", "12,99".
const AMOUNT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** An amount typed in the currency ("1500.50") in cents, read digit by digit: 150050. Null when it is not one. */
export function amountToCents(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as an amount for a form field: 150050 → "1500.50". */
export const centsToAmountText = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
