import { MICRO_UNITS_PER_MINOR_UNIT } from '@tunehouse/contracts';

/**
 * Largest-remainder apportionment: splits an integer `whole` into integer parts proportional to `weights`. Each
 * part is its exact share rounded down, and the units left over go one each to the parts with the largest
 * fractional remainders (ties to the earlier part), so the parts sum to `whole` exactly and each lies within one
 * unit of its exact share. Used once per period close to turn micro-unit statements into cents.
 */
export function apportion(whole: bigint, weights: readonly bigint[]): bigint[] {
  if (whole < 0n) throw new RangeError('apportion: the whole must not be negative');
  if (weights.some((weight) => weight < 0n)) throw new RangeError('apportion: weights must not be negative');
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) {
    if (whole !== 0n) throw new RangeError('apportion: a non-zero whole needs a positive weight');
    return weights.map(() => 0n);
  }
  const parts = weights.map((weight) => (whole * weight) / total);
  // Remainders are numerators over `total`; comparing them as bigints keeps the order exact.
  const remainders = weights.map((weight, index) => ({ index, remainder: (whole * weight) % total }));
  let left = whole - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts;
}

/** The contracts' micro-units per cent, as a bigint for amounts summed past 2^53. */
export const MICRO_PER_CENT = BigInt(MICRO_UNITS_PER_MINOR_UNIT);

/** Micro-units to whole cents, half a cent and up rounding up (amounts here are never negative). */
export function microToCents(micro: bigint): bigint {
  if (micro < 0n) throw new RangeError('microToCents: negative amount');
  return (micro + MICRO_PER_CENT / 2n) / MICRO_PER_CENT;
}
