import type { Queryable } from '../../platform/db.js';
import { periodForUsage } from './usage-period.js';

/** A revenue line as a report load would file it; unmatched when trackId is absent. */
export type RevenueLineFixture = {
  day: string;
  trackId?: string;
  albumId?: string;
  accountId?: string;
  streams: number;
  revenueMicro: bigint | number;
  currency?: string;
  platform?: string;
  /** A correction line (docs/decisions/0078-corrections-and-negative-balances.md); implied by a negative revenue. */
  correction?: boolean;
};

/** Files lines the way report ingest does: each into periodForUsage(day), in the caller's transaction. */
export async function fileRevenueLines(
  q: Queryable,
  lines: readonly RevenueLineFixture[],
): Promise<string[]> {
  const periods: string[] = [];
  for (const line of lines) {
    const periodId = await periodForUsage(q, line.day);
    periods.push(periodId);
    await q.query(
      `INSERT INTO revenue_lines (period_id, track_id, album_id, account_id, isrc, platform, territory, first_day,
         last_day, streams, revenue_micro, currency, matched, correction)
       VALUES ($1, $2, $3, $4, NULL, $5, 'DE', $6, $6, $7, $8, $9, $10, $11)`,
      [
        periodId,
        line.trackId ?? null,
        line.trackId ? line.albumId : null,
        line.trackId ? line.accountId : null,
        line.platform ?? 'SPOTIFY',
        line.day,
        line.streams,
        String(line.revenueMicro),
        line.currency ?? 'EUR',
        Boolean(line.trackId),
        line.correction ?? BigInt(line.revenueMicro) < 0n,
      ],
    );
  }
  return periods;
}
