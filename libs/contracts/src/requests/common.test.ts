import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDateSchema,
  formBooleanSchema,
  formIntegerSchema,
  listQuerySchema,
  pathIdSchema,
  repeatedQuerySchema,
  textSchema,
  uniqueItems,
} from './common.js';

describe('request building blocks', () => {
  it('read form and query booleans, 1 and 0 as strings too', () => {
    expect(
      [true, 1, 'true', '1', false, 0, 'false', '0'].map((value) => formBooleanSchema.parse(value)),
    ).toEqual([true, true, true, true, false, false, false, false]);
    expect(formBooleanSchema.safeParse('yes').success).toBe(false);
    expect(formBooleanSchema.safeParse('').success).toBe(false);
  });

  it('read whole numbers from strings and refuse fractions', () => {
    expect(formIntegerSchema.parse('42')).toBe(42);
    expect(formIntegerSchema.safeParse('4.2').success).toBe(false);
  });

  it('take calendar dates that exist, written YYYY-MM-DD', () => {
    expect(calendarDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-6-1', '01-06-2024', '2024-06-01T00:00:00Z']) {
      expect(calendarDateSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('trim text before bounding it', () => {
    expect(textSchema(3).parse('  abc  ')).toBe('abc');
    expect(textSchema(3).min(1).safeParse('   ').success).toBe(false);
    expect(pathIdSchema.safeParse('').success).toBe(false);
  });

  it('read a repeated query parameter as a list', () => {
    const schema = repeatedQuerySchema(z.enum(['A', 'B']));
    expect(schema.parse('A')).toEqual(['A']);
    expect(schema.parse(['A', 'B'])).toEqual(['A', 'B']);
    expect(schema.safeParse(['A', 'C']).error?.issues[0]?.path).toEqual([1]);
  });

  it('default the order of a list query and refuse an unknown sort field by name', () => {
    const schema = listQuerySchema(['name', 'created_at'], { orderBy: 'name', order: 'asc' });
    expect(schema.parse({})).toEqual({ offset: 0, size: 25, order_by: 'name', order: 'asc' });
    expect(schema.parse({ order_by: 'created_at', order: 'desc', offset: '50' })).toMatchObject({
      offset: 50,
    });
    const result = schema.safeParse({ order_by: 'title', order: 'DESC' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['order', 'order_by']);
  });

  it('name the index of a repeated item', () => {
    const schema = z.array(z.string()).superRefine(uniqueItems());
    expect(schema.safeParse(['a', 'b', 'a']).error?.issues[0]?.path).toEqual([2]);
  });
});
