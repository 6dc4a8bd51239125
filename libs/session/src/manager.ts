import type { Logger } from '@tunehouse/api-client';
import { toSessionView } from './flags.js';
import { flagsOf, type ManagerContext } from './manager-context.js';
import type { SessionManager, SessionManagerOptions } from './manager-types.js';
import { createSessionStore } from './session-store.js';
import { adopt } from './adopt.js';
import { createTokenRefresh } from './token-refresh.js';

export type { SessionClient, SessionManager, SessionManagerOptions } from './manager-types.js';

/**
 * The browser's session: held in memory and page storage (session-store.ts), its tokens refreshed one request at a
 * time (token-refresh.ts), and the calls that sign in, verify, sign out (sign-in-calls.ts) and change the user
 * (user-calls.ts). This only puts the parts together and restores what the last page load left.
 */
/**
 * The calls that sign in and change the user are loaded on their first use: their contracts' zod schemas (sign-in,
 * sign-up, accounts, users, admin) cost a phone ~100–200 ms of main thread to build, and a signed-in page load
 * needs none of them (docs/decisions/0082-layout-shift-and-startup-work.md, issue 25). Each is parsed in full when
 * it is used, so nothing is validated less.
 */
const signInCalls = () => import('./sign-in-calls.js');
const userCalls = () => import('./user-calls.js');

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
    login: async (email, password) => (await signInCalls()).login(ctx, email, password),
    verify: async (secret, headers) => (await signInCalls()).verify(ctx, secret, headers),
    signup: async (fields) => (await signInCalls()).signup(ctx, fields),
    activateEmail: async (input) => (await signInCalls()).activateEmail(ctx, input),
    resetPassword: async (input) => (await signInCalls()).resetPassword(ctx, input),
    requestPasswordReset: async (email) => (await signInCalls()).requestPasswordReset(ctx, email),
    refresh: tokens.refresh,
    destroy: async () => {
      // Signing out must clear the local session even when the calls cannot be loaded (offline).
      const calls = await signInCalls().catch((error: unknown) => {
        store.set(null);
        throw error;
      });
      return calls.destroy(ctx);
    },
    patchUser: async (patch, headers) => (await userCalls()).userCall(ctx, patch, headers),
    reloadUser: async (headers) => (await userCalls()).userCall(ctx, undefined, headers),
    impersonate: async (userId) => (await userCalls()).impersonate(ctx, userId),
    adopt: (input) => adopt(ctx, input),
    resume: async () => (await signInCalls()).resume(ctx),
  };

  // Restore what the last page load left; an expired session is of no use any more.
  const restored = store.readStored();
  if (restored) {
    if (flagsOf(ctx, restored).isExpired) store.persist(null);
    else store.restore(restored);
  }

  return manager;
}
