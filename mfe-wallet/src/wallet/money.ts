import { MICRO_UNITS_PER_MINOR_UNIT } from '@tunehouse/contracts';
import { formatCents } from '@tunehouse/ui';

// The money format is shared with the other areas (splits show earnings too); it lives in the UI library.
export { formatCents };

/** Micro-units shown to the cent: statements keep fractions of a cent, the screen does not need them. */
export function formatMicro(micro: number, currency: string): string {
  return formatCents(Math.round(micro / MICRO_UNITS_PER_MINOR_UNIT), currency);
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-GB').format(value);

/** What each mutation type is called on screen: the names the CSV export writes too. */
export { WALLET_MUTATION_TYPE_NAMES as MUTATION_TYPE_LABELS } from '@tunehouse/contracts';
