import { createApiClient, type ApiClient } from '@tunehouse/api-client';
import type { Session } from '@tunehouse/contracts';
import {
  cookieSessionStorage,
  hasStatus,
  createLoginFlow,
  createSessionManager,
  type SessionManager,
  type SessionStorage,
} from '@tunehouse/session';
import type { SessionPort, SessionView } from '@tunehouse/shell-contract';
import { safeReturnPath } from '@tunehouse/shell-contract';
import {
  ADMIN_RETURN_TO_KEY,
  LEGACY_ADMIN_SESSION_KEY,
  dropItem,
  takeItem,
  type KeyValueStore,
} from './impersonation.js';

/** Loaded on first use (see the module). */
const adminAndSignupCalls = () => import('./admin-and-signup-calls.js');

export const SESSION_COOKIE = 'tunehouse_session';

export interface ShellSessionOptions {
  apiBaseUrl: string;
  storage?: SessionStorage;
  local?: KeyValueStore;
  track?: (event: string, properties: Record<string, unknown>) => void;
  onUserChange?: (userId: string | number | null) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ShellSession {
  port: SessionPort;
  api: ApiClient;
  manager: SessionManager;
  /** True while the user ends the session on purpose (logout, back to admin): no "session expired" redirect. */
  isEnding(): boolean;
}

/**
 * The one session of the page and the one API client: the client asks the session for a fresh token on every
 * call, the session calls the API through the same client without one.
 */
export function createShellSession(options: ShellSessionOptions): ShellSession {
  const api = createApiClient({
    baseUrl: options.apiBaseUrl,
    // Only called once a request is made, by which time the session below exists.
    accessToken: () => session.accessToken(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const session: SessionManager = createSessionManager({
    client: api,
    storage: options.storage ?? cookieSessionStorage({ name: SESSION_COOKIE }),
    ...(options.now ? { now: options.now } : {}),
    onUserChange: (user) => options.onUserChange?.(user?.id ?? null),
  });
  const local = options.local ?? window.localStorage;
  dropItem(local, LEGACY_ADMIN_SESSION_KEY);
  const loginFlow = createLoginFlow(session, options.track ? { track: options.track } : {});
  let ending = 0;

  // useSyncExternalStore needs the same object until the session changes.
  let cachedFor: Session | null | undefined;
  let cachedView: SessionView | null = null;
  const view = (): SessionView | null => {
    const current = session.current();
    if (current !== cachedFor) {
      cachedFor = current;
      const base = session.view();
      cachedView =
        base && current?.challenge?.method ? { ...base, challengeMethod: current.challenge.method } : base;
    }
    return cachedView;
  };
  const settled = async (work: Promise<unknown>): Promise<SessionView> => {
    await work;
    const current = view();
    if (!current) throw new Error('Did not receive session information');
    return current;
  };
  const endOnPurpose = async <T>(work: () => Promise<T>): Promise<T> => {
    ending += 1;
    try {
      return await work();
    } finally {
      ending -= 1;
    }
  };

  const port: SessionPort = {
    current: view,
    subscribe: (listener) => session.subscribe(() => listener(view())),
    refresh: async () => {
      await session.refresh();
    },
    logout: () => endOnPurpose(() => session.destroy()),
    patchUser: async (patch) => {
      await session.patchUser(patch);
    },
    login: async (credentials) => {
      const outcome = await loginFlow.login(credentials.email, credentials.password);
      if (outcome.status === 'ERROR') throw outcome.error;
      return settled(Promise.resolve());
    },
    verify: (secret) => settled(session.verify(secret)),
    // The form checks the same schema; parsing here keeps the contract's types honest at the boundary. Nobody is
    // signed in: the answer is a receipt, the mailed link signs in.
    signup: async (fields) => session.signup((await adminAndSignupCalls()).parseSignup(fields)),
    activateEmail: (link) => settled(session.activateEmail(link)),
    requestPasswordReset: (email) => session.requestPasswordReset(email),
    resetPassword: (input) => settled(session.resetPassword(input)),
    impersonate: async (userId, returnTo) => {
      const answer = await (await adminAndSignupCalls()).requestImpersonation(api, userId);
      // Only where to come back to is kept: the admin's session stays in their own HttpOnly refresh cookie.
      local.setItem(ADMIN_RETURN_TO_KEY, safeReturnPath(returnTo));
      // Switching users is not the session ending.
      await endOnPurpose(async () => session.adopt(answer));
      return settled(Promise.resolve());
    },
    endImpersonation: () =>
      endOnPurpose(async () => {
        const returnTo = safeReturnPath(takeItem(local, ADMIN_RETURN_TO_KEY));
        try {
          await session.destroy();
        } catch {
          // Ending the impersonation failed: go home rather than back to the admin's page.
          return '/';
        }
        try {
          await session.resume();
        } catch {
          // The admin's own session ended meanwhile (expired, signed out elsewhere): sign in again, then return.
          return `/auth/login?from=${encodeURIComponent(returnTo)}`;
        }
        return returnTo;
      }),
  };

  return { port, api: withSessionRecovery(api, session), manager: session, isEnding: () => ending > 0 };
}

/**
 * An authentication error sends the user to the login, but not at once: an area's call answered 401 while a
 * session is held means the access token no longer counts, so the session refreshes once and the call is tried
 * again. When the refresh is refused the session manager ends the session, and the shell's watcher sends the user
 * to the login with expired=true.
 */
function withSessionRecovery(api: ApiClient, session: SessionManager): ApiClient {
  return {
    async request(request) {
      try {
        return await api.request(request);
      } catch (error) {
        const held = session.current();
        if (request.auth === false || !held || !hasStatus(error, 401)) throw error;
        await session.refresh();
        return api.request(request);
      }
    },
  };
}
