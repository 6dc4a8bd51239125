import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../platform/config.js';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { splitInviteMail } from '../../platform/mail/templates.js';
import { countHit } from '../../platform/rate-limit-store.js';
import { inviteUrl } from './invite-codes.js';
import { insertOptOut, isAccountVerified, optedOutOf } from './invite-repository.js';

/**
 * Split invite mails (docs/decisions/0061-impersonation-and-split-invites.md): only an identity-verified owner sends
 * them, at most so many a day per owner and per address, never to an address that asked that owner for no more,
 * and each carries a signed link to ask exactly that.
 */
export type InviteMailSettings = Pick<AppConfig, 'siteUrl' | 'jwtSecret' | 'splitInviteMails'>;

/** One invite to mail: the address and the code of its link. */
export type InviteToMail = { email: string; code: string; expiresAt: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
const OPT_OUT_ROUTE = '/splits/invites/opt-out';

/** The opt-out link's key, derived from the installation's signing secret for this one use. */
function optOutKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('tunehouse split-invite opt-out v1').digest();
}

const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `<sender account and address, base64url>.<HMAC>`: unguessable, and it names only what it was made for. */
export function signOptOutToken(secret: string, senderAccountId: string, email: string): string {
  const payload = Buffer.from(`${senderAccountId}\n${email}`, 'utf8').toString('base64url');
  return `${payload}.${macOf(optOutKey(secret), payload).toString('base64url')}`;
}

/** The sender and address a token names, or null when this installation did not sign it. */
export function readOptOutToken(
  secret: string,
  token: string,
): { senderAccountId: string; email: string } | null {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return null;
  const expected = macOf(optOutKey(secret), payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [senderAccountId, email, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!senderAccountId || !email || more.length > 0) return null;
  return { senderAccountId, email };
}

/** Inviting anyone (a new or changed participant, a resend) needs a verified owner: mail is sent in their name. */
export async function assertMayInvite(q: Queryable, ownerAccountId: string): Promise<void> {
  if (!(await isAccountVerified(q, ownerAccountId)))
    throw new ApiError(
      403,
      'IDENTITY_NOT_VERIFIED',
      'Verify your identity before inviting anyone to a split: invites are e-mailed in your name',
    );
}

/**
 * Counts one mail against the owner's and the address's daily limits, in the action's transaction (a refused save
 * counts nothing); past either, the whole action is refused with 429 naming the limit.
 */
async function countMail(q: Queryable, settings: InviteMailSettings, ownerAccountId: string, email: string) {
  const { perSenderPerDay, perAddressPerDay } = settings.splitInviteMails;
  if ((await countHit(q, `split-invite-mails sender ${ownerAccountId}`, DAY_MS)) > perSenderPerDay)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `You can send at most ${perSenderPerDay} split invites a day: nothing was saved; try again tomorrow`,
    );
  if ((await countHit(q, `split-invite-mails address ${email.toLowerCase()}`, DAY_MS)) > perAddressPerDay)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `${email} can be sent at most ${perAddressPerDay} split invites a day: nothing was saved; try again tomorrow`,
    );
}

/**
 * Mails the invites of an owner's action inside its transaction: each address that asked for no more is skipped
 * (the invite stands; the owner sees it was not mailed), every other one counts against the daily limits.
 */
export async function mailInvites(
  tx: Queryable,
  {
    mailer,
    settings,
    ownerAccountId,
    senderName,
    invites,
  }: {
    mailer: Mailer;
    settings: InviteMailSettings;
    ownerAccountId: string;
    senderName: string;
    invites: readonly InviteToMail[];
  },
): Promise<void> {
  const optedOut = await optedOutOf(
    tx,
    ownerAccountId,
    invites.map((invite) => invite.email),
  );
  for (const invite of invites) {
    if (optedOut.has(invite.email.toLowerCase())) continue;
    await countMail(tx, settings, ownerAccountId, invite.email);
    const token = signOptOutToken(settings.jwtSecret, ownerAccountId, invite.email.toLowerCase());
    await mailer.queue(
      tx,
      splitInviteMail({
        to: invite.email,
        senderName,
        expiresAt: invite.expiresAt,
        link: inviteUrl(settings.siteUrl, invite.code),
        optOutLink: `${settings.siteUrl}${OPT_OUT_ROUTE}?${new URLSearchParams({ token }).toString()}`,
      }),
    );
  }
}

/** Records an address's wish for no more invites from a sender; the same token again changes nothing. */
export async function recordOptOut(
  q: Queryable,
  secret: string,
  token: string,
): Promise<{ senderAccountId: string } | null> {
  const named = readOptOutToken(secret, token);
  if (!named) return null;
  if (!(await insertOptOut(q, named.senderAccountId, named.email.toLowerCase()))) return null;
  return { senderAccountId: named.senderAccountId };
}
