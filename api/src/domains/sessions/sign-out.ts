import type { AuthContext } from '../../platform/auth-guard.js';
import { sha256 } from '../../platform/tokens.js';
import { findRefreshTokenSession, revokeSession } from './repository.js';
import type { SessionDeps } from './session-deps.js';

/** DELETE /v1/sessions/current: ends the caller's session. */
export async function signOut({ db }: Pick<SessionDeps, 'db'>, caller: AuthContext): Promise<void> {
  await revokeSession(db, caller.session.id, 'logout');
}

/**
 * Signing out once the access token has expired: the refresh token names the session. A rotated one still
 * does — presenting it would end the whole session on a refresh too.
 */
export async function signOutByRefreshToken(
  { db }: Pick<SessionDeps, 'db'>,
  refreshToken: string | null,
): Promise<void> {
  if (refreshToken === null) return;
  const sessionId = await findRefreshTokenSession(db, sha256(refreshToken));
  if (sessionId !== null) await revokeSession(db, sessionId, 'logout');
}
