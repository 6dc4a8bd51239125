import { z } from 'zod';
import { orderSchema, pageQuerySchema } from '../pagination.js';
import { lenientBooleanSchema, lenientNumberSchema, refuseUnsafeName } from '../primitives.js';

/**
 * Building blocks of the request schemas (albums, tracks, artists, reporting, trends). Query values
 * arrive as strings; bodies may come from a form payload, so booleans and numbers are read leniently.
 */

/** A resource id in a path: ids are strings or numbers, so any short non-blank segment. */
export const pathIdSchema = /*#__PURE__*/ z.string().trim().min(1).max(64);

/** A boolean in a query string or a form field: true, false, 1, 0 and the strings 'true', 'false', '1', '0'. */
export const formBooleanSchema = /*#__PURE__*/ z.union([
  lenientBooleanSchema,
  z.literal('1').transform(() => true),
  z.literal('0').transform(() => false),
]);

/** A whole number in a query string or a form field. */
export const formIntegerSchema = /*#__PURE__*/ lenientNumberSchema.pipe(z.number().int());

/** A calendar date written YYYY-MM-DD that exists (no 2024-02-30). */
export const calendarDateSchema = /*#__PURE__*/ z.iso.date();

/** Free text from a form: trimmed, bounded. */
export const textSchema = (max: number) => z.string().trim().max(max);

/** A person's or an artist's name: free text without bidi controls, line breaks or invisible-only text (N10). */
export const nameSchema = (max: number) => textSchema(max).min(1).superRefine(refuseUnsafeName);

/** A search term (`q`). */
export const searchTermSchema = /*#__PURE__*/ textSchema(200);

/**
 * A query parameter that may be repeated (`platform[]=A&platform[]=B`): one value or a list, read as a list.
 */
export function repeatedQuerySchema<Item extends z.ZodType>(item: Item) {
  return z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(item));
}

/**
 * A list query: the page window, order_by among the given sort fields and order, each with the default it is
 * given, plus the listing's own filters.
 */
export function listQuerySchema<const Fields extends readonly [string, ...string[]]>(
  fields: Fields,
  defaults: { orderBy: Fields[number]; order: 'asc' | 'desc' },
) {
  return pageQuerySchema.extend({
    order_by: z.enum(fields).default(defaults.orderBy),
    order: orderSchema.default(defaults.order),
  });
}

/** No repeated values in a list; the issue names the index of the first repeat. */
export function uniqueItems<Item>(key: (item: Item) => unknown = (item) => item) {
  return (items: Item[], context: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) context.addIssue({ code: 'custom', path: [index], message: 'Listed twice' });
      seen.add(value);
    });
  };
}

/**
 * The header of every request that moves money or starts something that must happen once (a payout, a payment, a
 * split answer, a period close): asking again with the same key answers the first result.
 */
export const idempotencyKeyHeadersSchema = /*#__PURE__*/ z.object({
  'idempotency-key': z.string().min(1).max(200),
});
