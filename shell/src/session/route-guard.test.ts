import { describe, expect, it } from 'vitest';
import { demoSessionView } from '@tunehouse/testing';
import type { SessionView } from '@tunehouse/shell-contract';
import { GUARD_MESSAGES, guardRoute } from './route-guard.js';

const owned = (pathname: string) =>
  /^\/(albums|trends|wallet|account|admin|auth|splits)(\/|$)/.test(pathname);
const as = (changes: Partial<SessionView>): SessionView => ({ ...demoSessionView, ...changes });

describe('guardRoute', () => {
  it('lets anyone see home, the authentication pages and paths no area owns', () => {
    for (const target of ['/', '/auth/login?from=%2Fwallet', '/auth/suspended', '/nowhere/at/all'])
      expect(guardRoute(target, null, owned)).toBeNull();
  });

  it('lets anyone open an invite mail’s opt-out link, and no other splits page', () => {
    expect(guardRoute('/splits/invites/opt-out?token=a.b', null, owned)).toBeNull();
    expect(guardRoute('/splits/invites', null, owned)?.reason).toBe(GUARD_MESSAGES.unauthenticated);
    expect(guardRoute('/splits/invites/opt-out/x', null, owned)?.reason).toBe(GUARD_MESSAGES.unauthenticated);
  });

  it('sends a visitor without a session to the login, carrying path and query', () => {
    expect(guardRoute('/albums/7/edit/tracks?x=1', null, owned)).toEqual({
      to: '/auth/login?from=%2Falbums%2F7%2Fedit%2Ftracks%3Fx%3D1',
      reason: GUARD_MESSAGES.unauthenticated,
    });
  });

  it('sends a challenged session to the challenge step', () => {
    const challenged = as({ isAuthenticated: false, isChallenged: true });
    expect(guardRoute('/trends', challenged, owned)).toEqual({
      to: '/auth/challenge?from=%2Ftrends',
      reason: GUARD_MESSAGES.challenged,
    });
  });

  it('sends a suspended account to the suspended page unless an admin is viewing it', () => {
    expect(guardRoute('/wallet', as({ isSuspended: true }), owned)).toEqual({
      to: '/auth/suspended',
      reason: GUARD_MESSAGES.suspended,
    });
    expect(guardRoute('/wallet', as({ isSuspended: true, isAdmin: true }), owned)).toBeNull();
  });

  it('lets a signed-in account through', () => {
    expect(guardRoute('/account', demoSessionView, owned)).toBeNull();
  });
});
