import {
  type CurrentUser,
  endpoints,
  requestOf,
  type Session,
  type UpdateCurrentUserRequest,
  userSchema,
} from '@tunehouse/contracts';
import { sessionErrors } from './errors.js';
import { bearer, call, endIfOver, flagsOf, type ManagerContext } from './manager-context.js';
import { sameId } from './session-store.js';

/** Puts the answered user into the session; it must be the session's own user. */
function takeUser(ctx: ManagerContext, session: Session, answer: CurrentUser): CurrentUser {
  const current = ctx.store.current();
  if (!current || current.id !== session.id || !sameId(current.user.id, answer.id))
    throw sessionErrors.unknownUser();
  ctx.store.set({ ...current, user: userSchema.parse(answer) });
  return answer;
}

/** Reads the signed-in user again (no body) or changes them (a body), and takes the answer into the session. */
export async function userCall(
  ctx: ManagerContext,
  body: UpdateCurrentUserRequest | undefined,
  headers?: Record<string, string>,
): Promise<CurrentUser> {
  const session = ctx.store.current();
  if (!session || flagsOf(ctx, session).isExpired) throw sessionErrors.patchWithoutSession();
  const token = (await ctx.accessToken()) ?? session.token.accessToken;
  try {
    const request =
      body === undefined ? requestOf(endpoints.users.me) : requestOf(endpoints.users.update, { body });
    const answer = await ctx.client.request({ ...request, headers: bearer(token, headers), auth: false });
    return takeUser(ctx, session, answer);
  } catch (error) {
    endIfOver(ctx, error, session);
    throw error;
  }
}

/** Admin only: a session for the user, carrying the admin's e-mail (the impersonation is audited). */
export async function impersonate(ctx: ManagerContext, userId: string | number): Promise<Session> {
  const session = ctx.store.current();
  if (!session) throw sessionErrors.patchWithoutSession();
  const token = (await ctx.accessToken()) ?? session.token.accessToken;
  const impersonation = await call(ctx, {
    ...requestOf(endpoints.admin.impersonate, { body: { userId: String(userId) } }),
    headers: bearer(token),
  });
  ctx.store.set(impersonation);
  return impersonation;
}
