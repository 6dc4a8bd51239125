import type { WalletEarningsMonth } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { accountEntriesSql } from '../ledger/index.js';

/** How many closed months the earnings chart shows. */
export const EARNINGS_MONTHS = 12;

/**
 * What each of the last closed periods credited the wallet, oldest first, months without earnings included. The
 * figures are the totals of that period's statement (statement-data.ts, whose transfer kinds it counts):
 * `credited` the cents the close moved into the wallet (royalties and split income) less what its corrections took
 * back (docs/decisions/0078-corrections-and-negative-balances.md), so a month may be below zero; `streams` the matched
 * streams of the tracks the account owns or was credited from. One SQL statement, so a close committing meanwhile
 * is either all in or all out.
 */
export async function walletEarnings(
  q: Queryable,
  accountId: string,
  wallet: string,
): Promise<WalletEarningsMonth[]> {
  const { rows } = await q.query<{ id: string; month: string; credited: string; streams: string }>(
    `WITH closed AS (
       SELECT id, month FROM periods WHERE status = 'CLOSED' ORDER BY month DESC LIMIT $3
     ),
     owned AS (
       SELECT DISTINCT period_id, track_id FROM revenue_lines
       WHERE period_id IN (SELECT id FROM closed) AND matched AND account_id = $1
     ),
     tracks AS (
       SELECT DISTINCT a.period_id, a.track_id FROM period_allocations a
       LEFT JOIN owned o ON o.period_id = a.period_id AND o.track_id = a.track_id
       WHERE a.period_id IN (SELECT id FROM closed) AND (o.track_id IS NOT NULL OR a.beneficiary_key = $2)
     ),
     streams AS (
       SELECT l.period_id, SUM(l.streams) AS streams
       FROM revenue_lines l JOIN tracks t ON t.period_id = l.period_id AND t.track_id = l.track_id
       WHERE l.matched GROUP BY l.period_id
     ),
     credited AS (
       SELECT period_id, SUM(amount) AS cents FROM (${accountEntriesSql('$2')}) c
       WHERE kind IN ('CLOSE_CREDIT', 'SPLIT_INCOME', 'CLOSE_CORRECTION') AND album_id IS NOT NULL
         AND period_id IN (SELECT id FROM closed)
       GROUP BY period_id
     )
     SELECT c.id, to_char(c.month, 'YYYY-MM') AS month,
       COALESCE(cr.cents, 0)::text AS credited, COALESCE(s.streams, 0)::text AS streams
     FROM closed c LEFT JOIN credited cr ON cr.period_id = c.id LEFT JOIN streams s ON s.period_id = c.id
     ORDER BY c.month`,
    [accountId, wallet, EARNINGS_MONTHS],
  );
  return rows.map((row) => ({
    period: { id: row.id, month: row.month },
    credited: Number(row.credited),
    streams: Number(row.streams),
  }));
}
