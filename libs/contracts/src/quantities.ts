import { z } from 'zod';

/**
 * Whole quantities on the wire (money and counts are never fractions): JSON numbers that are safe integers. The database
 * keeps micro-units in bigint columns; the API converts them to numbers, which is exact up to 2^53 - 1
 * micro-units (about 9 billion currency units).
 */

/** A count of things (streams, albums, tracks): a non-negative integer. */
export const countSchema = /*#__PURE__*/ z.number().int().min(0);

/** Money in minor units of the platform currency (cents). Signed: a mutation can take money away. */
export const minorUnitsSchema = /*#__PURE__*/ z.number().int();
export type MinorUnits = z.infer<typeof minorUnitsSchema>;

/** Per-stream money and royalties in micro-units (1e-6 of the currency), so fractions of a cent are kept. */
export const microUnitsSchema = /*#__PURE__*/ z.number().int();
export type MicroUnits = z.infer<typeof microUnitsSchema>;

/** A share in basis points: 10,000 is the whole. */
export const basisPointsSchema = /*#__PURE__*/ z.number().int().min(0).max(10_000);
export type BasisPoints = z.infer<typeof basisPointsSchema>;

export const MICRO_UNITS_PER_MINOR_UNIT = 10_000;
export const BASIS_POINTS_WHOLE = 10_000;
