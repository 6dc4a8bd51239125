import { QueryClient } from '@tanstack/query-core';
import {
  SHELL_CONTRACT_VERSION,
  defaultHelpLinks,
  type ApiRequest,
  type ErrorReportContext,
  type PageMeta,
  type PlayerTrack,
  type SessionView,
  type ShellContext,
  type ToastLevel,
} from '@tunehouse/shell-contract';

/** Everything a fake shell was asked to do, for tests to assert on. */
export interface FakeShellRecord {
  toasts: { id: string; message: string; level: ToastLevel }[];
  navigations: string[];
  pageMeta: PageMeta[];
  player: { action: string; track?: PlayerTrack; seconds?: number }[];
  requests: ApiRequest<unknown>[];
  progress: ('start' | 'done')[];
  events: { name: string; properties: Record<string, unknown> }[];
  /** Errors an area reported (shell contract 1.5). */
  errors: { error: unknown; context: ErrorReportContext }[];
  /** Calls of the session port's sign-in flows, with their arguments. */
  sessionCalls: { method: string; args: unknown[] }[];
}

export interface FakeShellOptions {
  session?: SessionView | null;
  /** Answers API requests; the default fails every request, so an unplanned call shows up in a test. */
  respond?: (request: ApiRequest<unknown>) => unknown | Promise<unknown>;
  apiBaseUrl?: string;
  /** Whether navigate() also changes the browser's URL (standalone dev) or only records it (unit tests). */
  pushHistory?: boolean;
  /** Replaces session port methods, e.g. a login that fails or leads to a challenge. */
  sessionOverrides?: Partial<ShellContext['session']>;
}

export const demoSessionView: SessionView = {
  user: {
    id: 'demo-user',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    account: { id: 'demo-account', country: 'GB', city: 'London' },
  },
  isAuthenticated: true,
  isAdmin: false,
  isSuspended: false,
  isChallenged: false,
};

/**
 * A ShellContext with in-memory parts: what an area gets when it runs standalone (`npm run dev` in its folder)
 * or under test, without the real shell.
 */
export function createFakeShellContext(options: FakeShellOptions = {}): {
  shell: ShellContext;
  record: FakeShellRecord;
} {
  const record: FakeShellRecord = {
    toasts: [],
    navigations: [],
    pageMeta: [],
    player: [],
    requests: [],
    progress: [],
    sessionCalls: [],
    events: [],
    errors: [],
  };
  let session = options.session === undefined ? demoSessionView : options.session;
  const listeners = new Set<(value: SessionView | null) => void>();
  const setSession = (next: SessionView | null) => {
    session = next;
    for (const listener of listeners) listener(next);
  };
  let toastCount = 0;

  function signIn<A extends unknown[]>(
    method: string,
    userFrom: (...args: A) => Partial<SessionView['user']>,
  ): (...args: A) => Promise<SessionView> {
    return async (...args) => {
      record.sessionCalls.push({ method, args });
      const next: SessionView = {
        ...demoSessionView,
        user: { ...demoSessionView.user, ...userFrom(...args) },
      };
      setSession(next);
      return next;
    };
  }

  const shell: ShellContext = {
    contractVersion: SHELL_CONTRACT_VERSION,
    session: {
      current: () => session,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      refresh: async () => {},
      logout: async () => setSession(null),
      patchUser: async (patch) => {
        if (session === null) throw new Error('Cannot patch user without a valid session');
        setSession({ ...session, user: { ...session.user, ...patch } });
      },
      // By default every flow succeeds with the demo user; tests plan other outcomes with sessionOverrides.
      login: signIn('login', (credentials) => ({ email: credentials.email })),
      verify: signIn('verify', () => ({})),
      // Like the real one, sign-up signs nobody in: it answers the receipt.
      signup: async (fields) => {
        record.sessionCalls.push({ method: 'signup', args: [fields] });
        return { email: fields.email.trim().toLowerCase(), status: 'CHECK_MAIL' };
      },
      activateEmail: signIn('activateEmail', () => ({})),
      resetPassword: signIn('resetPassword', () => ({})),
      requestPasswordReset: async (email) => {
        record.sessionCalls.push({ method: 'requestPasswordReset', args: [email] });
      },
      impersonate: signIn('impersonate', () => ({})),
      endImpersonation: async () => {
        record.sessionCalls.push({ method: 'endImpersonation', args: [] });
        setSession(null);
        return '/';
      },
      ...options.sessionOverrides,
    },
    api: {
      request: async <T>(request: ApiRequest<T>): Promise<T> => {
        record.requests.push(request as ApiRequest<unknown>);
        if (!options.respond)
          throw new Error(`Fake shell: no answer planned for ${request.method} ${request.path}`);
        const answer = await options.respond(request as ApiRequest<unknown>);
        // No answer stands for a 204: the real client answers it with undefined, unparsed.
        return request.schema && answer !== undefined ? request.schema.parse(answer) : (answer as T);
      },
    },
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 900_000 } } }),
    toasts: {
      push: (message, level = 'INFO') => {
        toastCount += 1;
        const id = `toast-${toastCount}`;
        record.toasts.push({ id, message, level });
        return id;
      },
      dismiss: (id) => {
        record.toasts = record.toasts.filter((toast) => toast.id !== id);
      },
    },
    player: {
      play: (track) => record.player.push({ action: 'play', track }),
      toggle: (track) => record.player.push({ action: 'toggle', track }),
      seek: (seconds) => record.player.push({ action: 'seek', seconds }),
      reset: () => record.player.push({ action: 'reset' }),
      show: () => record.player.push({ action: 'show' }),
      hide: () => record.player.push({ action: 'hide' }),
      minimize: () => record.player.push({ action: 'minimize' }),
      maximize: () => record.player.push({ action: 'maximize' }),
    },
    progress: {
      start: () => record.progress.push('start'),
      done: () => record.progress.push('done'),
    },
    analytics: { track: (name, properties = {}) => record.events.push({ name, properties }) },
    errors: { report: (error, context) => void record.errors.push({ error, context }) },
    navigate: (to) => {
      record.navigations.push(to);
      if (options.pushHistory && typeof window !== 'undefined') {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
    },
    setPageMeta: (meta) => {
      record.pageMeta.push(meta);
      if (typeof document !== 'undefined' && meta.title) document.title = `${meta.title} — Tunehouse`;
    },
    config: {
      apiBaseUrl: options.apiBaseUrl ?? 'http://localhost:3000',
      supportEmail: 'support@tunehouse.local',
      productName: 'Tunehouse',
      siteUrl: 'http://localhost:4200',
      helpLinks: defaultHelpLinks('https://help.tunehouse.org'),
    },
  };
  return { shell, record };
}
