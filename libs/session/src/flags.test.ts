import { type Session, sessionSchema } from '@tunehouse/contracts';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveSessionFlags, isChallengedSession, STALE_BEFORE_EXPIRY_MS, toSessionView } from './flags.js';
import { decodeJwtPayload, tokenExpiresAt } from './jwt.js';
import { DAY, jwt, MINUTE, type WireSessionOptions, wireSession } from './test-helpers.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const session = (options: WireSessionOptions = {}): Session =>
  sessionSchema.parse(wireSession({ accessExp: NOW + 15 * MINUTE, ...options }));

describe('JWT expiry: read from the token, no verification', () => {
  it('reads exp of a real signed token', async () => {
    const token = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setExpirationTime(Math.floor(NOW / 1000) + 900)
      .sign(new TextEncoder().encode('a secret the client never knows'));
    expect(tokenExpiresAt(token)).toBe(NOW + 900_000);
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'u1', sid: 's1' });
  });

  it('reads a base64url payload with characters outside ASCII', () => {
    expect(decodeJwtPayload(jwt({ name: 'Zoë ♫', exp: 1 }))).toEqual({ name: 'Zoë ♫', exp: 1 });
  });

  it.each([
    ['not a token', 'garbage'],
    ['a payload that is not base64', 'a.%%%.c'],
    ['a payload that is not JSON', `a.${Buffer.from('nope').toString('base64url')}.c`],
    ['a payload without exp', jwt({ sub: 'u1' })],
    ['a string exp', jwt({ exp: '1700000000' })],
    ['an array payload', `a.${Buffer.from('[1]').toString('base64url')}.c`],
  ])('gives null for %s', (_label, token) => {
    expect(tokenExpiresAt(token)).toBeNull();
  });
});

describe('derived flags', () => {
  it('an active session without a challenge is authenticated', () => {
    expect(deriveSessionFlags(session(), NOW)).toMatchObject({
      isAuthenticated: true,
      isChallenged: false,
      isAdmin: false,
      isSuspended: false,
      isStale: false,
      isExpired: false,
      accessTokenExpiresAt: NOW + 15 * MINUTE,
    });
  });

  it.each([
    ['pending', true],
    ['initialized', true],
    ['completed', false],
  ] as const)('a challenge with status %s is open: %s', (status, open) => {
    const challenged = session({ status: open ? 'pending' : 'active', challenge: { status } });
    expect(isChallengedSession(challenged)).toBe(open);
    expect(deriveSessionFlags(challenged, NOW)).toMatchObject({ isChallenged: open, isAuthenticated: !open });
  });

  it('a pending session is not authenticated, an active one with an open challenge neither', () => {
    expect(deriveSessionFlags(session({ status: 'pending' }), NOW).isAuthenticated).toBe(false);
    const active = session({ status: 'active', challenge: { status: 'initialized' } });
    expect(deriveSessionFlags(active, NOW).isAuthenticated).toBe(false);
  });

  it('the admin marker makes an admin session', () => {
    expect(deriveSessionFlags(session({ adminEmail: 'root@example.test' }), NOW).isAdmin).toBe(true);
    expect(deriveSessionFlags(session({ adminEmail: null }), NOW).isAdmin).toBe(false);
  });

  it('suspended once suspendedAt is in the past', () => {
    const at = new Date(NOW).toISOString();
    expect(deriveSessionFlags(session({ suspendedAt: at }), NOW).isSuspended).toBe(true);
    expect(deriveSessionFlags(session({ suspendedAt: at }), NOW - 1).isSuspended).toBe(false);
  });

  it('stale from exactly 5 minutes before the access token expires', () => {
    const exp = NOW + 15 * MINUTE;
    const s = session({ accessExp: exp });
    expect(STALE_BEFORE_EXPIRY_MS).toBe(300_000);
    expect(deriveSessionFlags(s, exp - 5 * MINUTE - 1).isStale).toBe(false);
    expect(deriveSessionFlags(s, exp - 5 * MINUTE).isStale).toBe(true);
    expect(deriveSessionFlags(s, exp + 1).isStale).toBe(true);
  });

  it('an unreadable access token is stale and expired', () => {
    const s = session({ accessToken: 'not-a-jwt' });
    expect(deriveSessionFlags(s, NOW)).toMatchObject({
      isStale: true,
      isExpired: true,
      accessTokenExpiresAt: null,
    });
  });

  it('expires with the refresh token (expiresAt), except for an admin session', () => {
    const expiresAt = new Date(NOW + DAY).toISOString();
    expect(deriveSessionFlags(session({ expiresAt }), NOW + DAY - 1).isExpired).toBe(false);
    expect(deriveSessionFlags(session({ expiresAt }), NOW + DAY).isExpired).toBe(true);
    const admin = session({ expiresAt, adminEmail: 'root@example.test' });
    expect(deriveSessionFlags(admin, NOW + 2 * DAY).isExpired).toBe(false);
    expect(deriveSessionFlags(session({ expiresAt: null }), NOW + 365 * DAY).isExpired).toBe(false);
  });

  it('a passed access token alone does not expire the session (it is refreshed)', () => {
    expect(deriveSessionFlags(session({ accessExp: NOW - MINUTE }), NOW)).toMatchObject({
      isStale: true,
      isExpired: false,
    });
  });
});

describe('toSessionView', () => {
  it('gives the shell-contract view with names defaulting to an empty string', () => {
    const view = toSessionView(session({ firstName: null, adminEmail: 'root@example.test' }), NOW);
    expect(view).toEqual({
      user: {
        id: 'u1',
        email: 'ada@example.test',
        firstName: '',
        lastName: 'Lovelace',
        createdAt: '2023-01-01T00:00:00.000Z',
        account: { id: 'a1', country: 'GB', city: 'London', verifiedAt: null, suspendedAt: null },
      },
      isAuthenticated: true,
      isAdmin: true,
      isSuspended: false,
      isChallenged: false,
      adminEmail: 'root@example.test',
    });
  });

  it('names the method of an open challenge', () => {
    const view = toSessionView(
      session({ status: 'pending', challenge: { status: 'pending', method: 'totp' } }),
      NOW,
    );
    expect(view).toMatchObject({ isChallenged: true, challengeMethod: 'totp' });
  });
});
