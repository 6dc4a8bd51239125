import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@tunehouse/contracts';

/** Characters of the secret kept in the clear, to tell keys apart: `th_live_` and four more. */
const SHOWN = API_KEY_PREFIX.length + 4;

/**
 * A new secret: `th_live_` and 32 random bytes in base64url. Stored only as its SHA-256: with 256 bits of entropy
 * no guess list reaches it, so a slow password hash would add cost to every call and nothing else (0087).
 */
export function newSecret(): { secret: string; prefix: string; sha256: Buffer } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, SHOWN), sha256: sha256Of(secret) };
}

export const sha256Of = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();
