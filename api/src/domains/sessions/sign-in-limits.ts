import { createHash } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { BotCheckVerdict } from '../../platform/bot-check.js';

/**
 * Limits that slow a password or code guesser without handing anyone a way to lock the owner out
 * (docs/decisions/0047-sign-in-abuse-limits.md):
 * - wrong passwords for one e-mail address from one network address: 10 in 15 minutes, then that network waits;
 * - wrong passwords for one e-mail address from everywhere: after 20 in an hour, a sign-in needs a solved bot check
 *   (the owner's browser solves one; a guessing script pays for every try) — never a lock;
 * - wrong second-step codes for one account: 10 in 15 minutes, then the second step waits (whoever enters them
 *   already knows the password; the owner is told by e-mail);
 * - reset mails to one account: 3 an hour; more requests are answered alike but send nothing;
 * - money actions (a payout, a new payout method) ask for the code or password again; their wrong answers count
 *   with the wrong second-step codes above, and reaching that limit, here or at sign-in, locks money actions for 15
 *   minutes even with the right answer (docs/decisions/0060-money-action-reauth-and-payee-hold.md).
 */
export const SIGN_IN_LIMITS = {
  passwordPerNetwork: { max: 10, minutes: 15 },
  passwordBeforeBotCheck: { max: 20, minutes: 60 },
  secondStep: { max: 10, minutes: 15 },
  resetMails: { max: 3, minutes: 60 },
  moneyActionsLock: { minutes: 15 },
} as const;

type Kind = 'password_failed' | 'second_step_failed' | 'reset_mail_sent' | 'money_actions_locked';

/** What the counters are kept by: a hash, so the table holds no e-mail addresses. */
export function emailSubject(email: string): Buffer {
  return createHash('sha256').update(`email:${email.trim().toLowerCase()}`).digest();
}
export function userSubject(userId: string): Buffer {
  return createHash('sha256').update(`user:${userId}`).digest();
}

async function recent(
  q: Queryable,
  kind: Kind,
  subject: Buffer,
  minutes: number,
  address?: string,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { rows } = await q.query<{ count: string; oldest: Date | null }>(
    `SELECT count(*) AS count, min(at) AS oldest FROM sign_in_attempts
      WHERE kind = $1 AND subject = $2 AND at > now() - make_interval(mins => $3)
        AND ($4::text IS NULL OR address = $4)`,
    [kind, subject, minutes, address ?? null],
  );
  const oldest = rows[0]?.oldest;
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + minutes * 60_000 - Date.now()) / 1000))
    : minutes * 60;
  return { count: Number(rows[0]?.count ?? 0), retryAfterSeconds };
}

export async function recordAttempt(
  q: Queryable,
  kind: Kind,
  subject: Buffer,
  address: string,
): Promise<void> {
  await q.query('INSERT INTO sign_in_attempts (kind, subject, address) VALUES ($1, $2, $3)', [
    kind,
    subject,
    address,
  ]);
}

/** A success forgets this network's failures for the subject (a typo earlier in the day costs nothing later). */
export async function forgetFailures(
  q: Queryable,
  kind: Kind,
  subject: Buffer,
  address: string,
): Promise<void> {
  await q.query('DELETE FROM sign_in_attempts WHERE kind = $1 AND subject = $2 AND address = $3', [
    kind,
    subject,
    address,
  ]);
}

/** Serialises checks of one subject, so that concurrent guesses cannot slip past a limit together. */
export async function lockSubject(q: Queryable, subject: Buffer): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended(encode($1::bytea, $$hex$$), 0))', [subject]);
}

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Before a password is checked: refuses this network after too many failures for the subject, and asks for a bot
 * check once the subject is under attack from everywhere. Known and unknown e-mail addresses are treated alike.
 */
export async function admitPasswordAttempt(
  q: Queryable,
  { subject, address, botCheck }: { subject: Buffer; address: string; botCheck: BotCheckVerdict },
): Promise<void> {
  const here = await recent(
    q,
    'password_failed',
    subject,
    SIGN_IN_LIMITS.passwordPerNetwork.minutes,
    address,
  );
  if (here.count >= SIGN_IN_LIMITS.passwordPerNetwork.max)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `Too many wrong passwords from your network; try again in ${minutesOf(here.retryAfterSeconds)} minutes or reset your password`,
      undefined,
      here.retryAfterSeconds,
    );
  if (botCheck !== 'missing') return;
  const everywhere = await recent(
    q,
    'password_failed',
    subject,
    SIGN_IN_LIMITS.passwordBeforeBotCheck.minutes,
  );
  if (everywhere.count >= SIGN_IN_LIMITS.passwordBeforeBotCheck.max)
    throw new ApiError(403, 'BOT_CHECK_REQUIRED', 'Solve the bot check to sign in');
}

/**
 * Before the current password is asked again of a signed-in user (changing e-mail, password or second step): the
 * wrong answers of the account from everywhere, so a stolen session cannot guess faster than sign-in could.
 */
export async function admitCurrentPasswordCheck(q: Queryable, subject: Buffer): Promise<void> {
  const limit = SIGN_IN_LIMITS.passwordBeforeBotCheck;
  const wrong = await recent(q, 'password_failed', subject, limit.minutes);
  if (wrong.count >= limit.max)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `Too many wrong passwords; try again in ${minutesOf(wrong.retryAfterSeconds)} minutes`,
      undefined,
      wrong.retryAfterSeconds,
    );
}

/** Forgets every failure of a subject (its password just changed: old guesses mean nothing now). */
export async function forgetAllFailures(q: Queryable, subject: Buffer): Promise<void> {
  await q.query(`DELETE FROM sign_in_attempts WHERE subject = $1 AND kind <> 'reset_mail_sent'`, [subject]);
}

/** Before a second-step code is checked: the account's wrong codes from everywhere. */
export async function admitSecondStepAttempt(q: Queryable, subject: Buffer): Promise<void> {
  const wrong = await recent(q, 'second_step_failed', subject, SIGN_IN_LIMITS.secondStep.minutes);
  if (wrong.count >= SIGN_IN_LIMITS.secondStep.max)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `Too many wrong codes for this account; try again in ${minutesOf(wrong.retryAfterSeconds)} minutes`,
      undefined,
      wrong.retryAfterSeconds,
    );
}

/**
 * Counts a wrong second-step code (at sign-in, or before a money action) or a wrong password asked again before a
 * money action, all in the account's one counter. True when this answer reached the limit: money actions are then
 * locked from now on for 15 minutes, and it is time to tell the owner (once). Call with the subject locked.
 */
export async function countWrongAnswer(q: Queryable, subject: Buffer, address: string): Promise<boolean> {
  await recordAttempt(q, 'second_step_failed', subject, address);
  const wrong = await recent(q, 'second_step_failed', subject, SIGN_IN_LIMITS.secondStep.minutes);
  if (wrong.count !== SIGN_IN_LIMITS.secondStep.max) return false;
  await recordAttempt(q, 'money_actions_locked', subject, address);
  return true;
}

/**
 * Before a money action is considered at all: refused while the account's wrong answers are at the limit, or for
 * 15 minutes after they reached it — even with the right code, which a guesser may just have found.
 */
export async function admitMoneyAction(q: Queryable, subject: Buffer): Promise<void> {
  const locked = await recent(q, 'money_actions_locked', subject, SIGN_IN_LIMITS.moneyActionsLock.minutes);
  const wrong = await recent(q, 'second_step_failed', subject, SIGN_IN_LIMITS.secondStep.minutes);
  const waits = [
    ...(locked.count > 0 ? [locked.retryAfterSeconds] : []),
    ...(wrong.count >= SIGN_IN_LIMITS.secondStep.max ? [wrong.retryAfterSeconds] : []),
  ];
  if (waits.length === 0) return;
  const retryAfterSeconds = Math.max(...waits);
  throw new ApiError(
    429,
    'MONEY_ACTIONS_LOCKED',
    `Payouts and changes to payout methods are paused after too many wrong codes or passwords; try again in ${minutesOf(retryAfterSeconds)} minutes`,
    undefined,
    retryAfterSeconds,
  );
}

/** Whether another reset mail may go to this account now (and counts it when it may). */
export async function mayMailReset(q: Queryable, subject: Buffer, address: string): Promise<boolean> {
  await lockSubject(q, subject);
  const sent = await recent(q, 'reset_mail_sent', subject, SIGN_IN_LIMITS.resetMails.minutes);
  if (sent.count >= SIGN_IN_LIMITS.resetMails.max) return false;
  await recordAttempt(q, 'reset_mail_sent', subject, address);
  return true;
}
