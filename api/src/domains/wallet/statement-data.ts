import type { Queryable } from '../../platform/db.js';
import { accountEntriesSql } from '../ledger/index.js';
import type { CurrencyGroup } from './statement-currencies.js';
import { albumKey, type StatementInput, type StatementLine, type StatementTrack } from './statement.js';

/**
 * Weights are revenue times the exact rate (docs/decisions/0080-exchange-rate-tables.md), scaled to whole numbers:
 * they only apportion amounts already in the platform currency, so rounding one moves no money.
 */
const WEIGHT_SCALE = '1000000000000000000';

/**
 * The close's allocations that concern the account in one period: every track it owns (revenue, fee and
 * commission come from all of that track's allocation lines) and every track whose close credited its wallet.
 */
async function tracksOf(
  q: Queryable,
  periodId: string,
  accountId: string,
  wallet: string,
): Promise<StatementTrack[]> {
  const { rows } = await q.query<{
    track_id: string;
    album_id: string;
    revenue: string;
    fee: string;
    commission: string;
    credited: string;
    split_out: string;
    split_in: string;
    correction: boolean;
    adjusts: string | null;
  }>(
    `WITH owned AS (
       SELECT DISTINCT track_id FROM revenue_lines WHERE period_id = $1 AND matched AND account_id = $2
     )
     SELECT a.track_id, a.album_id, a.correction, to_char(r.month, 'YYYY-MM') AS adjusts,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE o.track_id IS NOT NULL), 0)::text AS revenue,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE o.track_id IS NOT NULL AND a.kind = 'FEE'), 0)::text AS fee,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE o.track_id IS NOT NULL AND a.kind = 'COMMISSION'), 0)::text
         AS commission,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE a.kind = 'CREDIT' AND a.beneficiary_key = $3), 0)::text
         AS credited,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE o.track_id IS NOT NULL AND a.kind IN ('CREDIT', 'HELD')
         AND a.beneficiary_key <> $3), 0)::text AS split_out,
       COALESCE(SUM(a.amount_micro) FILTER (WHERE o.track_id IS NULL AND a.kind = 'CREDIT'
         AND a.beneficiary_key = $3), 0)::text AS split_in
     FROM period_allocations a LEFT JOIN owned o ON o.track_id = a.track_id
     LEFT JOIN periods r ON r.id = a.restates_period_id
     WHERE a.period_id = $1 AND (o.track_id IS NOT NULL OR a.beneficiary_key = $3)
     GROUP BY a.track_id, a.album_id, a.correction, r.month
     ORDER BY a.track_id, a.correction, r.month NULLS FIRST`,
    [periodId, accountId, wallet],
  );
  return rows.map((row) => ({
    trackId: row.track_id,
    albumId: row.album_id,
    revenueMicro: BigInt(row.revenue),
    feeMicro: BigInt(row.fee),
    commissionMicro: BigInt(row.commission),
    creditedMicro: BigInt(row.credited),
    splitOutMicro: BigInt(row.split_out),
    splitInMicro: BigInt(row.split_in),
    correction: row.correction,
    adjusts: row.adjusts,
  }));
}

/**
 * The cents the close credited to the wallet, by album (one CLOSE_CREDIT or SPLIT_INCOME transfer per album), and
 * what its corrections took (one CLOSE_CORRECTION per album, negative) under albumKey(album, true).
 */
async function creditedCentsByAlbum(
  q: Queryable,
  periodId: string,
  wallet: string,
): Promise<Map<string, bigint>> {
  const { rows } = await q.query<{ album_id: string; correction: boolean; cents: string }>(
    `SELECT album_id, kind = 'CLOSE_CORRECTION' AS correction, SUM(amount)::text AS cents
       FROM (${accountEntriesSql('$2')}) c
     WHERE period_id = $1 AND kind IN ('CLOSE_CREDIT', 'SPLIT_INCOME', 'CLOSE_CORRECTION') AND album_id IS NOT NULL
     GROUP BY album_id, kind = 'CLOSE_CORRECTION'`,
    [periodId, wallet],
  );
  return new Map(rows.map((row) => [albumKey(row.album_id, row.correction), BigInt(row.cents)]));
}

/** The tracks' matched revenue lines by platform and territory, weighted by revenue in the platform currency. */
async function linesOf(
  q: Queryable,
  periodId: string,
  trackIds: readonly string[],
  platformCurrency: string,
): Promise<StatementLine[]> {
  if (trackIds.length === 0) return [];
  const { rows } = await q.query<{
    track_id: string;
    platform: string;
    territory: string | null;
    streams: string;
    weight: string;
    correction: boolean;
    adjusts: string | null;
  }>(
    `SELECT l.track_id, l.platform, l.territory, l.correction, to_char(rp.month, 'YYYY-MM') AS adjusts,
       SUM(l.streams)::text AS streams,
       round(SUM(l.revenue_micro::numeric * ${WEIGHT_SCALE}
         * COALESCE(r.rate, CASE WHEN l.currency = $3 THEN 1 ELSE 0 END)))::text AS weight
     FROM revenue_lines l
     LEFT JOIN period_exchange_rates r ON r.period_id = l.period_id AND r.currency = l.currency
     LEFT JOIN periods rp ON rp.id = l.restates_period_id
     WHERE l.period_id = $1 AND l.matched AND l.track_id = ANY($2::uuid[])
     GROUP BY l.track_id, l.platform, l.territory, l.correction, rp.month
     ORDER BY l.track_id, l.correction, rp.month NULLS FIRST, l.platform, l.territory`,
    [periodId, trackIds, platformCurrency],
  );
  return rows.map((row) => ({
    trackId: row.track_id,
    platform: row.platform,
    territory: row.territory,
    streams: BigInt(row.streams),
    weight: BigInt(row.weight),
    correction: row.correction,
    adjusts: row.adjusts,
  }));
}

/** The account's own tracks' matched revenue of the period by report currency, usage and corrections apart. */
export async function currencyGroupsOf(
  q: Queryable,
  periodId: string,
  accountId: string,
  platformCurrency: string,
): Promise<CurrencyGroup[]> {
  const { rows } = await q.query<{
    currency: string;
    correction: boolean;
    source: string;
    rate: string | null;
    weight: string;
  }>(
    `SELECT l.currency, l.correction, SUM(l.revenue_micro)::text AS source, trim_scale(r.rate)::text AS rate,
       round(SUM(l.revenue_micro::numeric * ${WEIGHT_SCALE}
         * COALESCE(r.rate, CASE WHEN l.currency = $3 THEN 1 ELSE 0 END)))::text AS weight
     FROM revenue_lines l
     LEFT JOIN period_exchange_rates r ON r.period_id = l.period_id AND r.currency = l.currency
     WHERE l.period_id = $1 AND l.matched AND l.account_id = $2
     GROUP BY l.currency, l.correction, r.rate
     ORDER BY l.currency, l.correction`,
    [periodId, accountId, platformCurrency],
  );
  return rows.map((row) => ({
    currency: row.currency,
    correction: row.correction,
    sourceMicro: BigInt(row.source),
    rate: row.currency === platformCurrency || row.rate === null ? null : row.rate,
    weight: BigInt(row.weight),
  }));
}

/** Everything a statement of one closed period is built from, for one account. */
export async function statementInputOf(
  q: Queryable,
  {
    periodId,
    accountId,
    wallet,
    platformCurrency,
  }: {
    periodId: string;
    accountId: string;
    wallet: string;
    platformCurrency: string;
  },
): Promise<StatementInput> {
  const tracks = await tracksOf(q, periodId, accountId, wallet);
  return {
    tracks,
    creditedCentsByAlbum: await creditedCentsByAlbum(q, periodId, wallet),
    lines: await linesOf(
      q,
      periodId,
      tracks.map((track) => track.trackId),
      platformCurrency,
    ),
  };
}
