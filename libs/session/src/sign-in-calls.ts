import {
  type EmailActivationRequest,
  endpoints,
  type PasswordResetRequest,
  requestOf,
  type Session,
  type SignupReceipt,
  type SignupRequest,
  type UserWithSession,
} from '@tunehouse/contracts';
import { hasStatus, SESSION_WARNINGS, type SessionError, sessionErrors } from './errors.js';
import { bearer, call, endIfOver, flagsOf, type ManagerContext } from './manager-context.js';

/** Signs in with a password; the session answered is taken (pending when a second step is due). */
export async function login(ctx: ManagerContext, email: string, password: string): Promise<Session> {
  try {
    const session = await call(ctx, requestOf(endpoints.sessions.login, { body: { email, password } }));
    ctx.store.set(session);
    return session;
  } catch (error) {
    ctx.logger.warn(SESSION_WARNINGS.login, error);
    throw error;
  }
}

/** Answers the second step of a challenged session; the verified session replaces it. */
export async function verify(
  ctx: ManagerContext,
  secret: string,
  headers?: Record<string, string>,
): Promise<Session> {
  const session = ctx.store.current();
  if (!session || !flagsOf(ctx, session).isChallenged) throw sessionErrors.notChallenged();
  const token = (await ctx.accessToken()) ?? session.token.accessToken;
  try {
    const verified = await call(ctx, {
      ...requestOf(endpoints.sessions.verify, { body: { secret } }),
      headers: bearer(token, headers),
    });
    ctx.store.set(verified);
    return verified;
  } catch (error) {
    endIfOver(ctx, error, session);
    throw error;
  }
}

export async function signup(ctx: ManagerContext, fields: SignupRequest): Promise<SignupReceipt> {
  try {
    return await call(ctx, requestOf(endpoints.accounts.signup, { body: fields }));
  } catch (error) {
    ctx.logger.warn(SESSION_WARNINGS.signup, error);
    throw error;
  }
}

/** The answer of a confirmed e-mailed link: the user with a session, which is taken. */
async function withSession(
  ctx: ManagerContext,
  answered: Promise<UserWithSession>,
  missing: () => SessionError,
): Promise<Session> {
  const answer = await answered;
  if (!answer.session) throw missing();
  ctx.store.set(answer.session);
  return answer.session;
}

export const activateEmail = (ctx: ManagerContext, input: EmailActivationRequest) =>
  withSession(
    ctx,
    call(ctx, requestOf(endpoints.accounts.activateEmail, { body: input })),
    sessionErrors.noActivationSession,
  );

export const resetPassword = (ctx: ManagerContext, input: PasswordResetRequest) =>
  withSession(
    ctx,
    call(ctx, requestOf(endpoints.accounts.resetPassword, { body: input })),
    sessionErrors.noResetSession,
  );

export async function requestPasswordReset(ctx: ManagerContext, email: string): Promise<void> {
  await ctx.client.request({
    ...requestOf(endpoints.accounts.requestPasswordReset, { body: { email } }),
    auth: false,
  });
}

/** Ends the session on the server; the local session is cleared even when that fails. */
export async function destroy(ctx: ManagerContext): Promise<void> {
  const { store } = ctx;
  const session = store.current();
  if (!session) return;
  let token = session.token.accessToken;
  try {
    // A token the server still accepts, so that the session really ends there.
    token = (await ctx.accessToken()) ?? token;
  } catch {
    // Refresh failed: try with the old token anyway.
  }
  if (store.current()?.id === session.id) store.set(null);
  try {
    await ctx.client.request({
      ...requestOf(endpoints.sessions.destroy),
      headers: bearer(token),
      auth: false,
    });
  } catch (error) {
    if (hasStatus(error, 401)) return; // already over on the server
    ctx.logger.warn(SESSION_WARNINGS.destroy, error);
    throw error;
  }
}

/** Takes back the browser's own session, the one its HttpOnly refresh cookie names ('Back to admin'). */
export async function resume(ctx: ManagerContext): Promise<Session> {
  if (ctx.store.current()) throw sessionErrors.resumeWhileSignedIn();
  try {
    const resumed = await call(ctx, requestOf(endpoints.sessions.refresh, { body: {} }));
    ctx.store.set(resumed);
    return resumed;
  } catch (error) {
    ctx.logger.warn(SESSION_WARNINGS.refresh, error);
    throw error;
  }
}
