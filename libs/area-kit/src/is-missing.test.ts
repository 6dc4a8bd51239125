import { describe, expect, it } from 'vitest';
import { isMissing } from './is-missing.js';

const apiError = (status: number) => ({ status, message: 'no', details: [] });

describe('isMissing', () => {
  it('is true for a refusal for good: not found, forbidden, malformed', () => {
    expect(isMissing(apiError(404))).toBe(true);
    expect(isMissing(apiError(403))).toBe(true);
    expect(isMissing(apiError(400))).toBe(true);
  });

  it('is false for what a retry may cure, and for what is no API error', () => {
    expect(isMissing(apiError(500))).toBe(false);
    expect(isMissing(apiError(503))).toBe(false);
    expect(isMissing(new TypeError('Failed to fetch'))).toBe(false);
    expect(isMissing(undefined)).toBe(false);
  });
});
