import type { Session, SignupRequest, UpdateCurrentUserRequest } from '@tunehouse/contracts';
import type { SessionUserView, SessionView } from '@tunehouse/shell-contract';
import { SessionError } from './errors.js';
import type { SessionManager } from './manager.js';

/** Spec §2 'Back to admin': where the admin goes after ending an impersonation. */
export interface ReturnPathStore {
  save(path: string): void;
  /** The saved path, removed from the store. */
  take(): string | null;
}

/** Spec §2: the admin return-to key in local storage. */
export const ADMIN_RETURN_TO_KEY = 'tunehouse:admin-return-to';

/** The admin return path in `localStorage` (nothing is kept where there is none). */
export function localReturnPathStore(key: string = ADMIN_RETURN_TO_KEY): ReturnPathStore {
  const storage = () => (globalThis as { localStorage?: Storage }).localStorage;
  return {
    save(path) {
      try {
        storage()?.setItem(key, path);
      } catch {
        // Storage full or refused (private mode): the admin then returns home.
      }
    },
    take() {
      try {
        const value = storage()?.getItem(key) ?? null;
        storage()?.removeItem(key);
        return value;
      } catch {
        return null;
      }
    },
  };
}

/** Only a path on this site is followed (no `//host`, no scheme): open-redirect protection. */
const isLocalPath = (path: string | null): path is string =>
  path !== null && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export interface SessionPortOptions {
  returnPath?: ReturnPathStore;
}

/**
 * The shell-contract session port (1.0's members plus the 1.1 sign-in flows), written without the 1.1 types so
 * that it satisfies either version of `SessionPort`. Failures reject with the api-client's errors or a
 * SessionError, all of which carry `status`, `code` and `message`.
 */
export interface ShellSessionPort {
  current(): SessionView | null;
  subscribe(listener: (session: SessionView | null) => void): () => void;
  refresh(): Promise<void>;
  logout(): Promise<void>;
  patchUser(
    patch: Partial<Pick<SessionUserView, 'firstName' | 'lastName'>> & Record<string, unknown>,
  ): Promise<void>;
  login(credentials: { email: string; password: string }): Promise<SessionView>;
  verify(secret: string): Promise<SessionView>;
  signup(fields: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    country?: string | undefined;
    city?: string | undefined;
  }): Promise<SessionView>;
  activateEmail(link: { challengeId: string; secret: string }): Promise<SessionView>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: { challengeId: string; secret: string; password: string }): Promise<SessionView>;
  impersonate(userId: string | number, returnTo: string): Promise<SessionView>;
  endImpersonation(): Promise<string>;
}

export function createSessionPort(
  manager: SessionManager,
  options: SessionPortOptions = {},
): ShellSessionPort {
  const returnPath = options.returnPath ?? localReturnPathStore();
  // The same view object until the session changes (React's useSyncExternalStore compares snapshots by identity).
  let cachedFor: Session | null | undefined;
  let cachedView: SessionView | null = null;
  const currentView = (): SessionView | null => {
    const session = manager.current();
    if (session !== cachedFor) {
      cachedFor = session;
      cachedView = manager.view();
    }
    return cachedView;
  };
  const viewAfter = async (step: Promise<unknown>): Promise<SessionView> => {
    await step;
    const view = currentView();
    if (!view) throw new SessionError('The session ended', { status: 401, code: 'UNAUTHENTICATED' });
    return view;
  };

  return {
    current: currentView,
    subscribe: (listener) => manager.subscribe(() => listener(currentView())),
    refresh: async () => {
      await manager.refresh();
    },
    logout: () => manager.destroy(),
    patchUser: async (patch) => {
      await manager.patchUser(patch as UpdateCurrentUserRequest);
    },
    login: ({ email, password }) => viewAfter(manager.login(email, password)),
    verify: (secret) => viewAfter(manager.verify(secret)),
    // The server validates the country code; the port takes the contract's plain string.
    signup: (fields) => viewAfter(manager.signup(fields as SignupRequest)),
    activateEmail: (link) => viewAfter(manager.activateEmail(link)),
    requestPasswordReset: (email) => manager.requestPasswordReset(email),
    resetPassword: (input) => viewAfter(manager.resetPassword(input)),
    impersonate: async (userId, returnTo) => {
      const view = await viewAfter(manager.impersonate(userId));
      returnPath.save(returnTo);
      return view;
    },
    async endImpersonation() {
      try {
        await manager.destroy();
      } catch {
        // Spec §2: if destroying the session fails, go home.
        returnPath.take();
        return '/';
      }
      const saved = returnPath.take();
      return isLocalPath(saved) ? saved : '/';
    },
  };
}
