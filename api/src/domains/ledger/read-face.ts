/**
 * The ledger's read face for statements that join its figures with other domains' tables (periods, albums, split
 * participants) in one SQL statement, so that what they show is one consistent snapshot. Only this domain names
 * the ledger's tables (tools/lint/ledger-tables.test.mjs): other domains compose these fragments as derived tables,
 * and the columns each one answers are its contract.
 *
 * `accountKey` is an SQL expression, not a value: a placeholder (`$1`) or a column expression of the statement
 * that embeds the fragment (`'held:' || p.id`). Values always travel as parameters.
 */

/**
 * Every entry of one ledger account in booking order, with its transfer's kind and references and the account's
 * running balance after it. Columns: id (the transfer), kind, amount (cents, signed for the account), entry_id,
 * created_at, period_id, album_id, payout_id, split_id, balance_after. The running balance is taken over all of
 * the account's entries, so a filter applied outside the fragment keeps the real balance.
 */
export function accountEntriesSql(accountKey: string): string {
  return `SELECT t.id, t.kind, e.amount, e.id AS entry_id, t.created_at, t.period_id, t.album_id, t.payout_id,
      t.split_id, SUM(e.amount) OVER (ORDER BY e.id) AS balance_after
    FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE e.account_key = ${accountKey}`;
}

/**
 * The money one ledger account received: its positive entries, each with its transfer's kind and references.
 * Columns: id (the transfer), kind, amount (cents, positive), created_at, period_id, album_id, split_id.
 * Indexed by account, unlike a scan of every transfer's credit side.
 */
export function accountCreditsSql(accountKey: string): string {
  return `SELECT t.id, t.kind, e.amount, t.created_at, t.period_id, t.album_id, t.split_id
    FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE e.account_key = ${accountKey} AND e.amount > 0`;
}

/** The balance of one ledger account in cents, as a scalar subquery: `(${accountBalanceSql('$1')})`. */
export function accountBalanceSql(accountKey: string): string {
  return `SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_key = ${accountKey}`;
}
