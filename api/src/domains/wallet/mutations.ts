import {
  releaseTitle,
  toPage,
  type WalletMutation,
  type WalletMutationFilter,
  type WalletMutationPage,
  type WalletMutationQuery,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { accountEntriesSql, walletKey } from '../ledger/index.js';
import { KINDS_OF_TYPE, NAMED_KINDS, mutationTypeOf } from './mutation-types.js';

type MutationRow = {
  id: string;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: Date;
  period_id: string | null;
  period_month: string | null;
  album_id: string | null;
  payout_id: string | null;
  split_id: string | null;
};

/** The SQL condition and parameters of the type and date filters, numbered after the wallet key ($1). */
function filtersOf(query: WalletMutationFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length + 1}`));
  };
  if (query.type === 'ADJUSTMENT') add((p) => `NOT (kind = ANY(${p}::text[]))`, NAMED_KINDS);
  else if (query.type) add((p) => `kind = ANY(${p}::text[])`, KINDS_OF_TYPE[query.type]);
  // Calendar days in UTC, both included: `to` is compared with the start of the day after it.
  if (query.from) add((p) => `created_at >= ${p}::date::timestamp AT TIME ZONE 'UTC'`, query.from);
  if (query.to) add((p) => `created_at < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`, query.to);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

function toMutation(row: MutationRow): WalletMutation {
  return {
    id: row.id,
    type: mutationTypeOf(row.kind),
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    date: row.created_at.toISOString(),
    periodId: row.period_id,
    periodMonth: row.period_month,
    albumId: row.album_id,
    payoutId: row.payout_id,
    splitId: row.split_id,
  };
}

/**
 * The wallet's entries in booking order, each with the running balance taken over every entry of the wallet
 * before any filter applies, so `balanceAfter` is the real balance whatever is shown. `$1` is the wallet's key.
 */
const WALLET_ENTRIES = `WITH wallet AS (
  SELECT e.*, to_char(p.month, 'YYYY-MM') AS period_month
  FROM (${accountEntriesSql('$1')}) e
  LEFT JOIN periods p ON p.id = e.period_id
)`;

/** One page of the account's wallet entries, newest first. */
export async function walletMutations(
  q: Queryable,
  accountId: string,
  query: WalletMutationQuery,
): Promise<WalletMutationPage> {
  const { where, params } = filtersOf(query);
  const { rows } = await q.query<MutationRow & { total: string }>(
    `${WALLET_ENTRIES}
     SELECT *, count(*) OVER () AS total FROM wallet ${where}
     ORDER BY entry_id DESC
     LIMIT $${params.length + 2} OFFSET $${params.length + 3}`,
    [walletKey(accountId), ...params, query.size, query.offset],
  );
  // Past the last page there is no row to carry the count: count again only then.
  const total = rows[0]
    ? Number(rows[0].total)
    : query.offset === 0
      ? 0
      : await countMutations(q, accountId, where, params);
  return toPage(rows.map(toMutation), query.offset, query.size, total);
}

async function countMutations(
  q: Queryable,
  accountId: string,
  where: string,
  params: unknown[],
): Promise<number> {
  const { rows } = await q.query<{ total: string }>(
    `SELECT count(*) AS total FROM (${accountEntriesSql('$1')}) wallet ${where}`,
    [walletKey(accountId), ...params],
  );
  return Number(rows[0]?.total ?? 0);
}

/** A mutation as the CSV export writes it: with the title of the release it refers to, when it names one. */
export type ExportedMutation = WalletMutation & { releaseTitle: string | null };

/** Every entry the filters keep, newest first, with its release's title: the export holds all pages. */
export async function allWalletMutations(
  q: Queryable,
  accountId: string,
  filter: WalletMutationFilter,
): Promise<ExportedMutation[]> {
  const { where, params } = filtersOf(filter);
  const { rows } = await q.query<
    MutationRow & { album_title: string | null; album_version: string | null; album_found: boolean }
  >(
    `${WALLET_ENTRIES}
     SELECT w.*, a.title AS album_title, a.version AS album_version, a.id IS NOT NULL AS album_found
     FROM (SELECT * FROM wallet ${where}) w LEFT JOIN albums a ON a.id = w.album_id
     ORDER BY w.entry_id DESC`,
    [walletKey(accountId), ...params],
  );
  return rows.map((row) => ({
    ...toMutation(row),
    releaseTitle: row.album_found
      ? releaseTitle({ title: row.album_title, version: row.album_version })
      : null,
  }));
}
