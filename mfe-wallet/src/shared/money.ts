import { MICRO_UNITS_PER_MINOR_UNIT, formatMoney } from '@tunehouse/contracts';

// The money format is the contracts' money module, shared with the API and the other areas.
export { formatMoney };

/** Micro-units shown to the cent: statements keep fractions of a cent, the screen does not need them. */
export function formatMicro(micro: number, currency: string): string {
  return formatMoney(Math.round(micro / MICRO_UNITS_PER_MINOR_UNIT), currency);
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-GB').format(value);

/** What each mutation type is called on screen: the names the CSV export writes too. */
export { WALLET_MUTATION_TYPE_NAMES as MUTATION_TYPE_LABELS } from '@tunehouse/contracts';
