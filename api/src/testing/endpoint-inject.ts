import type { Session } from '@tunehouse/contracts';
import { type Endpoint, type EndpointArgs, requestOf, urlOf } from '@tunehouse/contracts';
import type { InjectOptions } from 'fastify';

/** The authorization header of a session (or of a bare access token). */
export const bearer = (session: Pick<Session, 'token'> | string) => ({
  authorization: `Bearer ${typeof session === 'string' ? session : session.token.accessToken}`,
});

/**
 * The `app.inject()` options of a call to an endpoint, built from its definition like the areas' calls are:
 * path parameters, query string and body come from `args`, the bearer token from `session`.
 */
export function injectOf<E extends Endpoint>(
  endpoint: E,
  args?: EndpointArgs<E>,
  {
    session,
    headers = {},
  }: { session?: Pick<Session, 'token'> | string; headers?: Record<string, string> } = {},
): InjectOptions {
  const request = requestOf(endpoint, args ?? {});
  return {
    method: request.method,
    url: urlOf(endpoint, args ?? {}),
    ...(request.body === undefined ? {} : { payload: request.body as InjectOptions['payload'] }),
    headers: { ...(session ? bearer(session) : {}), ...headers },
  };
}
