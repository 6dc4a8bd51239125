import {
  type ApiClientRequest,
  InvalidValueError,
  type Logger,
  ResponseParseError,
} from '@tunehouse/api-client';
import type { Session } from '@tunehouse/contracts';
import { isSessionExpiredError, SESSION_WARNINGS } from './errors.js';
import { deriveSessionFlags } from './flags.js';
import type { SessionClient } from './manager-types.js';
import type { SessionStore } from './session-store.js';

/** What the manager's parts share: the client, the store, the clock, the logger, and a token to call with. */
export type ManagerContext = {
  client: SessionClient;
  store: SessionStore;
  now: () => number;
  logger: Logger;
  /** A token to call the API with (token-refresh.ts): refreshed first when stale. */
  accessToken(): Promise<string | null>;
};

const isParseFailure = (error: unknown) =>
  error instanceof InvalidValueError || error instanceof ResponseParseError;

export const flagsOf = ({ now }: Pick<ManagerContext, 'now'>, session: Session) =>
  deriveSessionFlags(session, now());

export const bearer = (token: string, headers?: Record<string, string>) => ({
  Authorization: `Bearer ${token}`,
  ...headers,
});

/** A call answering a session (or a user with one): an answer of the wrong shape is logged as a warning. */
export async function call<T>(
  { client, logger }: Pick<ManagerContext, 'client' | 'logger'>,
  request: ApiClientRequest<T>,
): Promise<T> {
  try {
    return await client.request({ ...request, auth: false });
  } catch (error) {
    if (isParseFailure(error)) logger.warn(SESSION_WARNINGS.parse, error);
    throw error;
  }
}

/** Clears the local session when `error` means it is over on the server, if it is still the same session. */
export function endIfOver({ store }: Pick<ManagerContext, 'store'>, error: unknown, session: Session) {
  if (isSessionExpiredError(error) && store.current()?.id === session.id) store.set(null);
}
