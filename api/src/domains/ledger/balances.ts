import type { Queryable } from '../../platform/db.js';
import { walletKey } from './account-keys.js';
import { balanceOf } from './transfer.js';
import type { TransferKind } from './transfer-kinds.js';

/** A user's wallet balance in cents. */
export function walletBalance(client: Queryable, accountId: string): Promise<number> {
  return balanceOf(client, walletKey(accountId));
}

/**
 * Cents ever credited to one ledger account by transfers of the given kinds (CLOSE_CREDIT, …): a gross sum, which
 * debits of the account (payouts, fee settlements) do not lower.
 */
export async function creditedByKinds(
  client: Queryable,
  key: string,
  kinds: readonly TransferKind[],
): Promise<number> {
  if (kinds.length === 0) return 0;
  // Through the entries (indexed by account) rather than a scan of every transfer's credit side.
  const { rows } = await client.query<{ total: string }>(
    `SELECT COALESCE(SUM(e.amount), 0)::bigint AS total
     FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE e.account_key = $1 AND e.amount > 0 AND t.kind = ANY($2::text[])`,
    [key, kinds],
  );
  return Number(rows[0]?.total ?? 0);
}
