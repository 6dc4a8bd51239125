import type { FastifyRequest, onResponseAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db.js';
import { stampSessionUse } from './repository.js';

const STAMP_EVERY_MS = 60_000;
/** Sessions remembered as recently stamped by this process; the oldest is forgotten beyond this. */
const REMEMBERED = 10_000;
const MAX_USER_AGENT = 300;

function clientOf(request: FastifyRequest) {
  const header = request.headers['user-agent'];
  const userAgent =
    typeof header === 'string' && header.trim() ? header.trim().slice(0, MAX_USER_AGENT) : null;
  return { userAgent, ip: request.ip || null };
}

/**
 * Notes when and from where each session is used, for the user's list of active sessions. Runs after the answer
 * (it never delays one), for requests whose session the auth guard read, and writes at most once a minute per
 * session from this process. Nothing else is recorded.
 */
export function createSessionUseTracker(db: Db) {
  const stampedAt = new Map<string, number>();

  async function stamp(request: FastifyRequest, sessionId: string, force = false): Promise<void> {
    const now = Date.now();
    const last = stampedAt.get(sessionId);
    if (!force && last !== undefined && now - last < STAMP_EVERY_MS) return;
    stampedAt.delete(sessionId);
    stampedAt.set(sessionId, now);
    if (stampedAt.size > REMEMBERED) stampedAt.delete(stampedAt.keys().next().value!);
    await stampSessionUse(db, sessionId, clientOf(request));
  }

  const hook: onResponseAsyncHookHandler = async (request) => {
    // An API key is not a session; its use is noted by the api-keys domain.
    if (!request.auth || request.auth.key) return;
    try {
      await stamp(request, request.auth.session.id);
    } catch (error) {
      request.log.warn({ err: error }, 'could not note the session’s use');
    }
  };

  return { hook, stamp };
}

export type SessionUseTracker = ReturnType<typeof createSessionUseTracker>;
