import { QueryClient } from '@tanstack/react-query';
import { navigateToUrl } from 'single-spa';
import { SHELL_CONTRACT_VERSION, type ShellContext } from '@tunehouse/shell-contract';
import { createShellSession } from '../session/create-session.js';
import type { Analytics } from './analytics.js';
import { applyPageMeta } from './page-meta.js';
import { createErrorReports } from './error-reports.js';
import { createPlayer } from './player.js';
import { createProgress } from './progress.js';
import type { FullShellConfig } from './shell-config.js';
import { createToasts } from './toast-store.js';

/**
 * 15 minutes stale time, no refetch on window focus (the product spec). No retries here: the API client is the one layer
 * that retries (3 attempts in all, on 423/502/503/504 and dropped connections, never on a 404), so a failing query
 * makes at most 3 requests, not 3 × 4 (decision 0066). Mutations are not retried either.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 900_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createShellContext(config: FullShellConfig, analytics: Analytics) {
  const toasts = createToasts();
  const progress = createProgress();
  const player = createPlayer();
  const queryClient = createQueryClient();
  const session = createShellSession({
    apiBaseUrl: config.apiBaseUrl,
    track: analytics.track,
    // Another user (or none) means every cached answer belonged to someone else.
    onUserChange: (userId) => {
      queryClient.clear();
      analytics.identify(userId);
    },
  });
  const shell: ShellContext = {
    contractVersion: SHELL_CONTRACT_VERSION,
    session: session.port,
    api: session.api,
    queryClient,
    toasts,
    player,
    progress,
    analytics: { track: analytics.track },
    errors: createErrorReports({
      dsn: config.errorReportingDsn || undefined,
      userId: () => session.port.current()?.user.id,
    }),
    navigate: (to) => navigateToUrl(to),
    setPageMeta: (meta) => applyPageMeta(config.productName, meta),
    config: {
      apiBaseUrl: config.apiBaseUrl,
      supportEmail: config.supportEmail,
      productName: config.productName,
      siteUrl: config.siteUrl,
      helpLinks: config.helpLinks,
    },
  };
  return {
    shell,
    session,
    player,
    announcement: config.announcement,
    stores: { toasts: toasts.store, progress: progress.store, player: player.store },
  };
}
export type ShellServices = ReturnType<typeof createShellContext>;
