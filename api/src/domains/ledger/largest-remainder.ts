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

// Micro-units to cents is the contracts' money module's (one conversion for the API, the PDFs and the areas).
export { MICRO_PER_CENT, microToCents } from '@tunehouse/contracts';
