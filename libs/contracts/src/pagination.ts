import { z } from 'zod';

/**
 * A paginated list: nextOffset only while more items remain; previousOffset only when the offset is
 * above 0, clamped at 0.
 */
export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    currentOffset: z.number().int().min(0),
    totalItems: z.number().int().min(0).optional(),
    size: z.number().int().min(0),
    nextOffset: z.number().int().min(0).optional(),
    previousOffset: z.number().int().min(0).optional(),
  });
}
export type Paginated<Item> = {
  items: Item[];
  currentOffset: number;
  totalItems?: number | undefined;
  size: number;
  nextOffset?: number | undefined;
  previousOffset?: number | undefined;
};

/** Builds the spec's page envelope from an offset window and the total count. */
export function toPage<Item>(
  items: Item[],
  offset: number,
  size: number,
  totalItems: number,
): Paginated<Item> {
  const page: Paginated<Item> = { items, currentOffset: offset, size, totalItems };
  if (offset + items.length < totalItems) page.nextOffset = offset + size;
  if (offset > 0) page.previousOffset = Math.max(0, offset - size);
  return page;
}

/** Report page number = offset / size + 1; total pages = ceil(total / size), 0 without a total. */
export function pageNumber(page: Pick<Paginated<unknown>, 'currentOffset' | 'size'>): number {
  return page.size > 0 ? Math.floor(page.currentOffset / page.size) + 1 : 1;
}
export function totalPages(page: Pick<Paginated<unknown>, 'totalItems' | 'size'>): number {
  if (page.totalItems === undefined || page.size <= 0) return 0;
  return Math.ceil(page.totalItems / page.size);
}

export const orderSchema = /*#__PURE__*/ z.enum(['asc', 'desc']);
export const pageQuerySchema = /*#__PURE__*/ z.object({
  offset: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(25),
});
