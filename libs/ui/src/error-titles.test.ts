import { describe, expect, it } from 'vitest';
import { errorTitleFor } from './error-titles.js';
import { breakpointFor } from './theme.js';

describe('errorTitleFor', () => {
  it.each([
    [400, 'Invalid request'],
    [404, 'Something is missing'],
    [405, 'Unsupported method'],
    [500, 'Something is broken'],
    [403, 'An unexpected error has occurred'],
    [503, 'An unexpected error has occurred'],
  ])('%i is titled %s', (status, title) => {
    expect(errorTitleFor(status)).toBe(title);
  });
});

describe('breakpointFor', () => {
  it.each([
    [0, 'mobile'],
    [719, 'mobile'],
    [720, 'tablet'],
    [959, 'tablet'],
    [960, 'desktop'],
    [1179, 'desktop'],
    [1180, 'wide'],
  ])('%i px is %s', (width, name) => {
    expect(breakpointFor(width)).toBe(name);
  });
});
