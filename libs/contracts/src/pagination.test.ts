import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageNumber, pageQuerySchema, paginatedSchema, toPage, totalPages } from './pagination.js';

describe('toPage', () => {
  it('offers a next page only while items remain and a previous page only above offset 0', () => {
    expect(toPage(['a', 'b'], 0, 2, 5)).toEqual({
      items: ['a', 'b'],
      currentOffset: 0,
      size: 2,
      totalItems: 5,
      nextOffset: 2,
    });
    const last = toPage(['e'], 4, 2, 5);
    expect(last.nextOffset).toBeUndefined();
    expect(last.previousOffset).toBe(2);
  });

  it('clamps the previous offset at 0 when the offset is not a multiple of the size', () => {
    expect(toPage(['b'], 1, 25, 2).previousOffset).toBe(0);
  });
});

describe('page numbers', () => {
  it('numbers pages from 1 and counts ceil(total / size) pages', () => {
    expect(pageNumber({ currentOffset: 50, size: 25 })).toBe(3);
    expect(totalPages({ totalItems: 51, size: 25 })).toBe(3);
    expect(totalPages({ size: 25 })).toBe(0);
  });
});

describe('the wire schemas', () => {
  it('reject a negative offset and default a missing page size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ offset: 0, size: 25 });
    expect(pageQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    const page = paginatedSchema(z.string());
    expect(page.safeParse({ items: [1], currentOffset: 0, size: 1 }).success).toBe(false);
  });
});
