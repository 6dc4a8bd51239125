import { createHash, randomBytes } from 'node:crypto';
import { SPLIT_INVITE_TTL_DAYS } from '@tunehouse/contracts';

/** Only this hash of an invite code is stored: the plain code lives in the link and nowhere else. */
export function inviteHash(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

/** A fresh invite: 32 random bytes (base64url), its hash, and when it stops working. */
export function newInvite(now: Date): { code: string; hash: Buffer; expiresAt: Date } {
  const code = randomBytes(32).toString('base64url');
  return {
    code,
    hash: inviteHash(code),
    expiresAt: new Date(now.getTime() + SPLIT_INVITE_TTL_DAYS * 24 * 60 * 60 * 1000),
  };
}

/** The link the splits area opens the invite from. */
export function inviteUrl(siteUrl: string, code: string): string {
  return `${siteUrl}/splits/?invite=${encodeURIComponent(code)}`;
}
