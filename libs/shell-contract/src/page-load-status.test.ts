import { describe, expect, it } from 'vitest';
import { pageLoadStatus } from './page-load-status.js';

describe('pageLoadStatus', () => {
  it('maps client errors to 403 or 404 and everything else to 500', () => {
    expect(pageLoadStatus(403)).toBe(403);
    expect(pageLoadStatus(400)).toBe(404);
    expect(pageLoadStatus(410)).toBe(404);
    expect(pageLoadStatus(502)).toBe(500);
    expect(pageLoadStatus(undefined)).toBe(500);
  });
});
