import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to a track's original audio are signed and expire (the MP3 preview stays a plain link, as on a store):
 * an original is the artist's master, and a link copied out of a page, a log or a store page must stop working.
 * The signature is an HMAC of the file and its expiry under the upload's own key. Expiry is rounded up to the
 * hour, so a page reloaded within the hour gets the same URL and the browser's cache keeps working.
 */
export const ORIGINAL_LINK_HOURS = 6;
const HOUR_MS = 3_600_000;

export type SignedLink = { expires: number; signature: string };

function signatureOf(key: Buffer, audioId: string, file: string, expires: number): string {
  return createHmac('sha256', key).update(`${audioId}/${file}/${expires}`).digest('base64url');
}

export function signOriginalLink(key: Buffer, audioId: string, file: string, now = Date.now()): SignedLink {
  const expires = (Math.ceil(now / HOUR_MS) * HOUR_MS) / 1000 + ORIGINAL_LINK_HOURS * 3600;
  return { expires, signature: signatureOf(key, audioId, file, expires) };
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkOriginalLink(
  key: Buffer,
  audioId: string,
  file: string,
  link: Partial<SignedLink>,
  now = Date.now(),
): LinkCheck {
  if (link.expires === undefined || !link.signature) return 'invalid';
  const expected = Buffer.from(signatureOf(key, audioId, file, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return link.expires * 1000 > now ? 'valid' : 'expired';
}
