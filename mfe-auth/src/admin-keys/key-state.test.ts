import { describe, expect, it } from 'vitest';
import { keyState } from './key-state.js';

describe('keyState', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('is ACTIVE without an expiry or before it, EXPIRED from it, REVOKED once revoked whatever the expiry', () => {
    expect(keyState({ revokedAt: null, expiresAt: null }, now)).toBe('ACTIVE');
    expect(keyState({ revokedAt: null, expiresAt: '2026-11-29T00:00:00Z' }, now)).toBe('ACTIVE');
    expect(keyState({ revokedAt: null, expiresAt: '2026-11-28T12:00:00Z' }, now)).toBe('EXPIRED');
    expect(keyState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-11-02T00:00:00Z' }, now)).toBe(
      'REVOKED',
    );
  });
});
