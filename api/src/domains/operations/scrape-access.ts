import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../platform/errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics on the API's own port (docs/decisions/0085-metrics-and-operator-view.md): nobody unless a
 * token is set — then the route answers 404, as if it did not exist — and with a token, only a request bearing it
 * (401 otherwise). The comparison takes the same time whatever the guess.
 */
export function admitScrape(token: string | undefined, authorization: string | undefined): void {
  if (!token) throw new ApiError(404, 'NOT_FOUND', 'No route GET /metrics');
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token)))
    throw new ApiError(401, 'UNAUTHENTICATED', 'The metrics need the METRICS_TOKEN as a Bearer token');
}
