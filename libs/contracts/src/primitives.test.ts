import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, dateStringSchema, lenientBooleanSchema, lenientNumberSchema } from './primitives.js';

describe('wire primitives', () => {
  it('reads the booleans the spec allows and nothing else', () => {
    expect([true, 1, 'true', false, 0, 'false'].map((v) => lenientBooleanSchema.parse(v))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(lenientBooleanSchema.safeParse('yes').success).toBe(false);
  });

  it('reads numbers from numeric strings only', () => {
    expect(lenientNumberSchema.parse(' 12.5 ')).toBe(12.5);
    expect(lenientNumberSchema.safeParse('12abc').success).toBe(false);
  });

  it('accepts parseable dates and refuses the rest', () => {
    expect(dateStringSchema.safeParse('2026-11-22').success).toBe(true);
    expect(dateStringSchema.safeParse('not a date').success).toBe(false);
  });

  it('lists each country once, including Kosovo', () => {
    expect(COUNTRY_CODES).toContain('XK');
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  });
});
