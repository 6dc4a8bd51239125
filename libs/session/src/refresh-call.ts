import { endpoints, requestOf, type Session } from '@tunehouse/contracts';
import {
  hasStatus,
  RefreshRejectedError,
  SESSION_MESSAGES,
  SESSION_WARNINGS,
  sessionErrors,
} from './errors.js';
import { call, endIfOver, flagsOf, type ManagerContext } from './manager-context.js';

export type RefreshContext = Omit<ManagerContext, 'accessToken'>;

export /** Rotates the tokens of `from`, unless another tab has already done so. */
async function runRefresh(ctx: RefreshContext, from: Session): Promise<Session> {
  const { store, logger } = ctx;
  let session = from;
  // Another tab may have rotated the tokens already (the cookies are shared): take its session instead of
  // refreshing once more. Had it only sent its refresh and not yet saved the answer, the browser's refresh
  // cookie is the new one by the time this refresh goes, unless both leave at the same instant.
  const stored = store.readStored();
  if (stored && stored.id === session.id && stored.token.accessToken !== session.token.accessToken) {
    store.set(stored);
    if (!flagsOf(ctx, stored).isStale) return stored;
    session = stored;
  }
  if (flagsOf(ctx, session).isExpired) {
    const error = new RefreshRejectedError(SESSION_MESSAGES.refreshRejected);
    logger.warn(SESSION_WARNINGS.refresh, error);
    if (store.current()?.id === session.id) store.set(null);
    throw error;
  }
  try {
    // The refresh token is the API's HttpOnly cookie, which the client's credentialed request carries; an
    // admin viewing the product as a user names the impersonation's, so that their own stays for 'Back to admin'.
    const next = await call(
      ctx,
      requestOf(endpoints.sessions.refresh, { body: session.adminEmail ? { impersonation: true } : {} }),
    );
    // Signed out or replaced while the refresh was under way: do not bring the old session back.
    if (store.current()?.id !== session.id) throw sessionErrors.refreshWithoutToken();
    store.set(next);
    return next;
  } catch (caught) {
    const error =
      caught instanceof Error && hasStatus(caught, 400)
        ? new RefreshRejectedError(caught.message, { cause: caught })
        : caught;
    logger.warn(SESSION_WARNINGS.refresh, error);
    endIfOver(ctx, error, session);
    throw error;
  }
}
