import type { Logger } from '@tunehouse/api-client';
import { toSessionView } from './flags.js';
import { flagsOf, type ManagerContext } from './manager-context.js';
import type { SessionManager, SessionManagerOptions } from './manager-types.js';
import { createSessionStore } from './session-store.js';
import {
  activateEmail,
  destroy,
  login,
  requestPasswordReset,
  resetPassword,
  resume,
  signup,
  verify,
} from './sign-in-calls.js';
import { createTokenRefresh } from './token-refresh.js';
import { adopt, impersonate, userCall } from './user-calls.js';

export type { SessionClient, SessionManager, SessionManagerOptions } from './manager-types.js';

/**
 * The browser's session: held in memory and page storage (session-store.ts), its tokens refreshed one request at a
 * time (token-refresh.ts), and the calls that sign in, verify, sign out (sign-in-calls.ts) and change the user
 * (user-calls.ts). This only puts the parts together and restores what the last page load left.
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const now = options.now ?? Date.now;
  const logger: Logger = options.logger ?? console;
  const store = createSessionStore({ storage: options.storage, logger, onUserChange: options.onUserChange });
  const tokens = createTokenRefresh({ client: options.client, store, now, logger });
  const ctx: ManagerContext = { client: options.client, store, now, logger, accessToken: tokens.accessToken };

  const manager: SessionManager = {
    current: store.current,
    flags: () => {
      const state = store.current();
      return state ? flagsOf(ctx, state) : null;
    },
    view: () => {
      const state = store.current();
      return state ? toSessionView(state, now()) : null;
    },
    subscribe: store.subscribe,
    accessToken: tokens.accessToken,
    login: (email, password) => login(ctx, email, password),
    verify: (secret, headers) => verify(ctx, secret, headers),
    signup: (fields) => signup(ctx, fields),
    activateEmail: (input) => activateEmail(ctx, input),
    resetPassword: (input) => resetPassword(ctx, input),
    requestPasswordReset: (email) => requestPasswordReset(ctx, email),
    refresh: tokens.refresh,
    destroy: () => destroy(ctx),
    patchUser: (patch, headers) => userCall(ctx, patch, headers),
    reloadUser: (headers) => userCall(ctx, undefined, headers),
    impersonate: (userId) => impersonate(ctx, userId),
    adopt: (input) => adopt(ctx, input),
    resume: () => resume(ctx),
  };

  // Restore what the last page load left; an expired session is of no use any more.
  const restored = store.readStored();
  if (restored) {
    if (flagsOf(ctx, restored).isExpired) store.persist(null);
    else store.restore(restored);
  }

  return manager;
}
