import type { Db } from './db.js';

/** Deletes what has no use any more: spent bot checks, ended rate-limit windows, old sign-in attempts, dead refresh tokens and challenges. */
export async function cleanUp(db: Db): Promise<void> {
  await db.query('DELETE FROM bot_check_spent WHERE expires_at < now()');
  await db.query('DELETE FROM rate_limit_counters WHERE resets_at < now()');
  await db.query(`DELETE FROM sign_in_attempts WHERE at < now() - interval '1 hour'`);
  await db.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM challenges WHERE expires_at < now() - interval '7 days'`);
}
