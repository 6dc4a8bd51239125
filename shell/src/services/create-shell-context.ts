import { QueryClient } from '@tanstack/react-query';
import { navigateToUrl } from 'single-spa';
import {
  SHELL_CONTRACT_VERSION,
  type ApiRequest,
  type SessionPort,
  type SessionView,
  type ShellContext,
} from '@tunehouse/shell-contract';
import { applyPageMeta } from './page-meta.js';
import { createPlayer } from './player.js';
import { createProgress } from './progress.js';
import type { FullShellConfig } from './shell-config.js';
import { createToasts } from './toast-store.js';

/** Spec §9: 15 minutes stale time, no refetch on window focus, 3 tries except on 404. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 900_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 3 && (error as { status?: number } | null)?.status !== 404,
      },
    },
  });
}

/**
 * Until the session library lands (issue 3), the shell has no sign-in: every visitor is signed out. The
 * port keeps the contract's shape so areas already code against it.
 */
function signedOutSession(): SessionPort {
  const current: SessionView | null = null;
  return {
    current: () => current,
    subscribe: () => () => undefined,
    refresh: async () => undefined,
    logout: async () => undefined,
    patchUser: async () => {
      throw new Error('Cannot patch user without a valid session');
    },
  };
}

/** A JSON client for the API; replaced by libs/api-client's retrying, bot-checked client with issue 3. */
function plainApi(baseUrl: string): ShellContext['api'] {
  return {
    async request<T>(request: ApiRequest<T>): Promise<T> {
      const url = new URL(request.path, baseUrl);
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value === undefined || value === null || value === '') continue;
        for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
      }
      const response = await fetch(url, {
        method: request.method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: request.body === undefined ? null : JSON.stringify(request.body),
        signal: request.signal ?? null,
      });
      if (!response.ok)
        throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
      const body: unknown = response.status === 204 ? undefined : await response.json();
      return request.schema ? request.schema.parse(body) : (body as T);
    },
  };
}

export function createShellContext(config: FullShellConfig) {
  const toasts = createToasts();
  const progress = createProgress();
  const player = createPlayer();
  const shell: ShellContext = {
    contractVersion: SHELL_CONTRACT_VERSION,
    session: signedOutSession(),
    api: plainApi(config.apiBaseUrl),
    queryClient: createQueryClient(),
    toasts,
    player,
    progress,
    navigate: (to) => navigateToUrl(to),
    setPageMeta: (meta) => applyPageMeta(config.productName, meta),
    config: {
      apiBaseUrl: config.apiBaseUrl,
      supportEmail: config.supportEmail,
      productName: config.productName,
      siteUrl: config.siteUrl,
    },
  };
  return { shell, stores: { toasts: toasts.store, progress: progress.store, player: player.store } };
}
export type ShellServices = ReturnType<typeof createShellContext>;
