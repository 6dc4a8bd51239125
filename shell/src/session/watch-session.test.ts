import { describe, expect, it } from 'vitest';
import { createFakeShellContext, demoSessionView } from '@tunehouse/testing';
import type { SessionView } from '@tunehouse/shell-contract';
import { watchSession } from './watch-session.js';

function setup(options: { session?: SessionView | null; at: string; ending?: boolean }) {
  const { shell } = createFakeShellContext({ session: options.session ?? null });
  let here = options.at;
  const replaced: string[] = [];
  const locationListeners = new Set<() => void>();
  const stop = watchSession({
    session: shell.session,
    isEnding: () => options.ending ?? false,
    isOwned: (pathname) => pathname !== '/nowhere',
    replace: (to) => {
      replaced.push(to);
      here = to;
    },
    here: () => here,
    onLocationChange: (listener) => {
      locationListeners.add(listener);
      return () => locationListeners.delete(listener);
    },
  });
  const go = (to: string) => {
    here = to;
    for (const listener of locationListeners) listener();
  };
  return { shell, replaced, go, stop };
}

describe('watchSession', () => {
  it('guards the first page and every navigation after it', () => {
    const { replaced, go } = setup({ at: '/albums' });
    expect(replaced).toEqual(['/auth/login?from=%2Falbums']);
    go('/nowhere');
    go('/wallet/periods/3?bucket=platform');
    expect(replaced.at(-1)).toBe('/auth/login?from=%2Fwallet%2Fperiods%2F3%3Fbucket%3Dplatform');
  });

  it('sends a signed-in user whose session disappears to the login with expired=true', async () => {
    const { shell, replaced } = setup({ session: demoSessionView, at: '/trends?range=28d' });
    expect(replaced).toEqual([]);
    await shell.session.logout();
    expect(replaced).toEqual(['/auth/login?expired=true&from=%2Ftrends%3Frange%3D28d']);
  });

  it('does not call a logout on purpose an expiry', async () => {
    const { shell, replaced } = setup({ session: demoSessionView, at: '/auth/logout', ending: true });
    await shell.session.logout();
    expect(replaced).toEqual([]);
  });

  it('sends a session that becomes challenged or suspended where the guards say', async () => {
    const { shell, replaced } = setup({ session: demoSessionView, at: '/artists' });
    await shell.session.patchUser({ firstName: 'Ada' });
    expect(replaced).toEqual([]);
    const { replaced: suspendedRedirects } = setup({
      session: { ...demoSessionView, isSuspended: true },
      at: '/artists',
    });
    expect(suspendedRedirects).toEqual(['/auth/suspended']);
  });

  it('stops when asked', async () => {
    const { shell, replaced, stop } = setup({ session: demoSessionView, at: '/albums' });
    stop();
    await shell.session.logout();
    expect(replaced).toEqual([]);
  });
});
