import type { Session } from '@tunehouse/contracts';
import { isSessionExpiredError, sessionErrors } from './errors.js';
import { flagsOf } from './manager-context.js';
import type { RefreshContext } from './refresh-call.js';

/**
 * The refresh request is loaded when a refresh is first due: the sessions endpoints' schemas are not built on a page
 * load whose token is still fresh (issue 25's start work).
 */
const refreshCall = () => import('./refresh-call.js');

/**
 * The manager's `refresh` (concurrent calls share one request) and `accessToken` (refreshed first when stale;
 * a passing failure while the old token still lives keeps the old token).
 */
export function createTokenRefresh(ctx: RefreshContext) {
  const { store, now } = ctx;
  let refreshing: Promise<Session> | null = null;

  function refresh(): Promise<Session> {
    if (refreshing) return refreshing;
    const session = store.current();
    if (!session) return Promise.reject(sessionErrors.refreshWithoutToken());
    const running = refreshCall()
      .then(({ runRefresh }) => runRefresh(ctx, session))
      .finally(() => {
        if (refreshing === running) refreshing = null;
      });
    refreshing = running;
    return running;
  }

  async function accessToken(): Promise<string | null> {
    const session = store.current();
    if (!session) return null;
    const flags = flagsOf(ctx, session);
    if (!flags.isStale) return session.token.accessToken;
    try {
      return (await refresh()).token.accessToken;
    } catch (error) {
      // A passing failure (network, 5xx) while the old token still has a few minutes: keep using it.
      const current = store.current();
      if (
        current &&
        !isSessionExpiredError(error) &&
        flags.accessTokenExpiresAt !== null &&
        flags.accessTokenExpiresAt > now()
      )
        return current.token.accessToken;
      throw error;
    }
  }

  return { refresh, accessToken };
}
