import { MICRO_UNITS_PER_MINOR_UNIT, type WalletMutationType } from '@tunehouse/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Cents (integers, as the API sends them) as money in the currency, e.g. 123456 → €1,234.56. */
export function formatCents(cents: number, currency: string): string {
  return formatterOf(currency).format(cents / 100);
}

/** Micro-units shown to the cent: statements keep fractions of a cent, the screen does not need them. */
export function formatMicro(micro: number, currency: string): string {
  return formatCents(Math.round(micro / MICRO_UNITS_PER_MINOR_UNIT), currency);
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-GB').format(value);

/** What each mutation type is called on screen. */
export const MUTATION_TYPE_LABELS: Readonly<Record<WalletMutationType, string>> = {
  ROYALTIES: 'Royalties',
  SPLIT_INCOME: 'Split income',
  FEE_SETTLEMENT: 'Fee settlement',
  TAKEDOWN_SETTLEMENT: 'Takedown settlement',
  PAYOUT: 'Payout',
  PAYOUT_RETURNED: 'Payout returned',
  ADJUSTMENT: 'Adjustment',
};
