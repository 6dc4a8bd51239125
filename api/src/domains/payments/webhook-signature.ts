import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../platform/errors.js';

/** A webhook signed longer ago than this (or this far ahead) is refused: a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** `v1=` + hex HMAC-SHA256 of `timestamp.body` under the shared secret. */
export function signWebhook(secret: string, timestamp: number | string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const refused = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/**
 * Checks a webhook's signature over the exact bytes received and its timestamp's age; throws a 400 naming what is
 * wrong. The comparison takes the same time whatever the signature, so it cannot be guessed byte by byte.
 */
export function verifyWebhook(
  secret: string,
  { body, timestamp, signature, now }: { body: string; timestamp: unknown; signature: unknown; now: Date },
): void {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp))
    throw refused('The webhook has no valid x-simulator-timestamp header');
  if (typeof signature !== 'string' || signature.length === 0)
    throw refused('The webhook has no x-simulator-signature header');
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused('The webhook signature does not match');
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (age > WEBHOOK_TOLERANCE_SECONDS)
    throw refused(`The webhook was signed more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from now`);
}
