import { MICRO_UNITS_PER_MINOR_UNIT, formatMoney } from '@tunehouse/contracts';

// The money format is the contracts' money module, shared with the API and the other areas.
export { formatMoney };

/** Micro-units shown to the cent: statements keep fractions of a cent, the screen does not need them. */
export function formatMicro(micro: number, currency: string): string {
  return formatMoney(Math.round(micro / MICRO_UNITS_PER_MINOR_UNIT), currency);
}

/**
 * Micro-units of a report currency with that currency's own minor digits (¥1,234, BHD 1.234, €3.21), and up to
 * six when the amount has finer fractions: yen are never shown with cents, nor dinars with two decimals.
 */
export function sourceAmount(value: number, currency: string): string {
  const digits = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: 6,
  }).format(value / 1_000_000);
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-GB').format(value);

/** What each mutation type is called on screen: the names the CSV export writes too. */
export { WALLET_MUTATION_TYPE_NAMES as MUTATION_TYPE_LABELS } from '@tunehouse/contracts';
