import type { AuthContext, UserRecord } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { openSession } from './open-session.js';
import { rotateRefreshToken } from './refresh-rotation.js';
import type { Impersonator, SessionDeps, SignInOrigin } from './session-deps.js';
import { signIn } from './sign-in.js';
import { signOut, signOutByRefreshToken } from './sign-out.js';
import { verifySecondStep } from './verify-second-step.js';

export type { Impersonator, OpenedSession, SessionDeps, SignInOrigin } from './session-deps.js';

/**
 * Sessions: password sign-in, refresh-token rotation, the second step and sign-out, and opening a session for the
 * other identity domains (sign-up, impersonation). Each use case is a file of its own taking (deps, input):
 * sign-in.ts, refresh-rotation.ts, verify-second-step.ts, sign-out.ts, open-session.ts; this binds the deps.
 */
export function createSessionService(deps: SessionDeps) {
  return {
    open: (
      tx: Queryable,
      user: UserRecord,
      how?: { impersonator?: Impersonator; secondStepPassed?: boolean },
    ) => openSession(deps, tx, user, how),
    login: (email: string, password: string, origin?: SignInOrigin) =>
      signIn(deps, { email, password, origin }),
    refresh: (refreshToken: string | null) => rotateRefreshToken(deps, refreshToken),
    verify: (caller: AuthContext, secret: string, origin?: SignInOrigin) =>
      verifySecondStep(deps, { caller, secret, origin }),
    destroy: (caller: AuthContext) => signOut(deps, caller),
    destroyByRefreshToken: (refreshToken: string | null) => signOutByRefreshToken(deps, refreshToken),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
