import { REFRESH_REJECTED_MESSAGE } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { sha256 } from '../../platform/tokens.js';
import { findSessionChallenge } from '../challenges/index.js';
import { issueTokens, sessionView } from './open-session.js';
import { fail, type Outcome, unwrap } from './outcome.js';
import {
  findRefreshTokenForUpdate,
  loadSessionContext,
  markRefreshTokenRotated,
  revokeSession,
} from './repository.js';
import type { OpenedSession, SessionDeps } from './session-deps.js';

const refreshRejected = () => new ApiError(400, 'REFRESH_REJECTED', REFRESH_REJECTED_MESSAGE);

/**
 * POST /v1/sessions/current/refresh: rotates the refresh token (null: the browser sent none, refused like an unknown one).
 * A rotated token presented again ends the whole session, and that revocation commits although the call fails.
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  refreshToken: string | null,
): Promise<OpenedSession> {
  if (refreshToken === null) throw refreshRejected();
  const hash = sha256(refreshToken);
  const outcome = await withTransaction(deps.db, async (tx): Promise<Outcome<OpenedSession>> => {
    const stored = await findRefreshTokenForUpdate(tx, hash);
    if (!stored) return fail(refreshRejected());
    const context = await loadSessionContext(tx, stored.sessionId);
    if (!context) return fail(refreshRejected());
    const { session, user } = context;
    if (stored.rotatedAt) {
      // A rotated token came back: someone holds a copy. End the whole family, both copies die.
      await revokeSession(tx, session.id, 'refresh_token_reuse');
      return fail(refreshRejected());
    }
    const now = Date.now();
    if (session.revokedAt || session.expiresAt.getTime() <= now || stored.expiresAt.getTime() <= now)
      return fail(refreshRejected());
    await markRefreshTokenRotated(tx, hash);
    const issued = await issueTokens(deps, tx, {
      userId: user.id,
      sessionId: session.id,
      sessionEnd: session.expiresAt,
      impersonation: session.impersonatorId !== null,
    });
    const challenge = session.status === 'pending' ? await findSessionChallenge(tx, session.id) : null;
    return {
      ok: true,
      value: sessionView(session.id, session.status, user, issued, {
        adminEmail: session.impersonatorEmail,
        challenge,
      }),
    };
  });
  return unwrap(outcome);
}
