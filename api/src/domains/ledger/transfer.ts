import { centsToDecimal } from '@tunehouse/contracts';
import { z } from 'zod';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { accountKeySchema, mustStayNonNegative, parseAccountKey } from './account-keys.js';
import { MAY_GO_NEGATIVE, TRANSFER_KINDS } from './transfer-kinds.js';

const optionalId = z.uuid().optional();

/** What a transfer was for; each is a column, so statements and audits can find it. */
export const transferRefsSchema = z
  .object({
    periodId: optionalId,
    albumId: optionalId,
    payoutId: optionalId,
    splitId: optionalId,
    inviteId: optionalId,
  })
  .strict();
export type TransferRefs = z.infer<typeof transferRefsSchema>;

export const transferInputSchema = z
  .object({
    idempotencyKey: z.string().min(1).max(200),
    debit: accountKeySchema,
    credit: accountKeySchema,
    /** Minor units (cents) of the platform currency. */
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** One of TRANSFER_KINDS: CLOSE_FEE, CLOSE_CREDIT, TAKEDOWN_SETTLEMENT, PAYOUT, … */
    kind: z.enum(TRANSFER_KINDS),
    refs: transferRefsSchema.default({}),
    memo: z.string().max(500).optional(),
    /**
     * When the movement happened, for a book written after the fact: the demo seed closes past months as if on
     * their last day (docs/decisions/0069-demo-truth-and-wallet-errors.md). Default: now. Not part of a replay's
     * comparison: the first booking's time stands.
     */
    bookedAt: z.date().optional(),
  })
  .refine((input) => input.debit !== input.credit, { message: 'debit and credit are the same account' });
export type TransferInput = z.input<typeof transferInputSchema>;

export type Transfer = {
  id: string;
  idempotencyKey: string;
  kind: string;
  debit: string;
  credit: string;
  amount: number;
  refs: TransferRefs;
  memo: string | null;
  createdAt: Date;
};

type TransferRow = {
  id: string;
  idempotency_key: string;
  kind: string;
  debit_key: string;
  credit_key: string;
  amount: string;
  period_id: string | null;
  album_id: string | null;
  payout_id: string | null;
  split_id: string | null;
  invite_id: string | null;
  memo: string | null;
  created_at: Date;
};

const TRANSFER_COLUMNS = `id, idempotency_key, kind, debit_key, credit_key, amount, period_id, album_id, payout_id,
  split_id, invite_id, memo, created_at`;

function toTransfer(row: TransferRow): Transfer {
  const refs: TransferRefs = {};
  if (row.period_id) refs.periodId = row.period_id;
  if (row.album_id) refs.albumId = row.album_id;
  if (row.payout_id) refs.payoutId = row.payout_id;
  if (row.split_id) refs.splitId = row.split_id;
  if (row.invite_id) refs.inviteId = row.invite_id;
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    debit: row.debit_key,
    credit: row.credit_key,
    amount: Number(row.amount),
    refs,
    memo: row.memo,
    createdAt: row.created_at,
  };
}

type Parsed = z.output<typeof transferInputSchema>;

function samePayload(existing: Transfer, input: Parsed): boolean {
  const refs = (value: TransferRefs) =>
    JSON.stringify([value.periodId, value.albumId, value.payoutId, value.splitId, value.inviteId]);
  return (
    existing.debit === input.debit &&
    existing.credit === input.credit &&
    existing.amount === input.amount &&
    existing.kind === input.kind &&
    refs(existing.refs) === refs(input.refs) &&
    (existing.memo ?? undefined) === input.memo
  );
}

/** A debit that would take a wallet (or held accrual) below zero; `shortfall` in cents. */
export class InsufficientFundsError extends ApiError {
  constructor(
    readonly account: string,
    readonly balance: number,
    readonly shortfall: number,
  ) {
    super(
      409,
      'INSUFFICIENT_FUNDS',
      `The balance is too low: ${centsToDecimal(balance)} available, ${centsToDecimal(shortfall)} short`,
    );
    this.name = 'InsufficientFundsError';
  }
}

async function findByKey(client: Queryable, idempotencyKey: string): Promise<Transfer | undefined> {
  const { rows } = await client.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0] ? toTransfer(rows[0]) : undefined;
}

function replayOrConflict(existing: Transfer, input: Parsed): Transfer {
  if (samePayload(existing, input)) return existing;
  throw new ApiError(
    409,
    'IDEMPOTENCY_CONFLICT',
    `Idempotency key "${input.idempotencyKey}" was already used for a different transfer`,
  );
}

async function ensureAccount(client: Queryable, key: string): Promise<ReturnType<typeof parseAccountKey>> {
  const account = parseAccountKey(key);
  await client.query(
    `INSERT INTO ledger_accounts (key, kind, account_id) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
    [key, account.kind, account.accountId],
  );
  return account;
}

/**
 * Moves `amount` cents from `debit` to `credit` as one transfer and its two entries, inside the caller's
 * transaction (or one of its own when given the pool): the debited wallet's row lock is held until that
 * transaction ends, so two debits of one wallet cannot both see the same balance. A replay with the same idempotency key and the same
 * payload returns the first transfer (even if the balance has moved since); a different payload is a 409.
 */
export async function transfer(client: Queryable | Db, input: TransferInput): Promise<Transfer> {
  // Given the pool rather than a transaction's client, it makes its own: the lock and both entries need one.
  if (isPool(client)) return withTransaction(client, (tx) => transfer(tx, input));
  const parsed = transferInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(
      400,
      'BAD_REQUEST',
      `Invalid transfer: ${issue?.path.join('.') || 'input'}: ${issue?.message}`,
    );
  }
  const data = parsed.data;
  const debit = await ensureAccount(client, data.debit);
  await ensureAccount(client, data.credit);
  if (mustStayNonNegative(debit.kind))
    await client.query('SELECT 1 FROM ledger_accounts WHERE key = $1 FOR UPDATE', [data.debit]);

  const earlier = await findByKey(client, data.idempotencyKey);
  if (earlier) return replayOrConflict(earlier, data);

  if (mustStayNonNegative(debit.kind) && !MAY_GO_NEGATIVE.has(data.kind)) {
    const balance = await balanceOf(client, data.debit);
    if (balance < data.amount) throw new InsufficientFundsError(data.debit, balance, data.amount - balance);
  }

  const { rows } = await client.query<TransferRow>(
    `INSERT INTO ledger_transfers (idempotency_key, kind, debit_key, credit_key, amount, period_id, album_id,
       payout_id, split_id, invite_id, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12::timestamptz, now()))
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${TRANSFER_COLUMNS}`,
    [
      data.idempotencyKey,
      data.kind,
      data.debit,
      data.credit,
      data.amount,
      data.refs.periodId ?? null,
      data.refs.albumId ?? null,
      data.refs.payoutId ?? null,
      data.refs.splitId ?? null,
      data.refs.inviteId ?? null,
      data.memo ?? null,
      data.bookedAt ?? null,
    ],
  );
  const created = rows[0];
  if (!created) {
    // Another transaction used the key between our look-up and insert; it has committed by now.
    const other = await findByKey(client, data.idempotencyKey);
    if (!other) throw new Error(`Transfer ${data.idempotencyKey} vanished after a key conflict`);
    return replayOrConflict(other, data);
  }
  await client.query(
    `INSERT INTO ledger_entries (transfer_id, account_key, amount, created_at)
     VALUES ($1, $2, $3, $6), ($1, $4, $5, $6)`,
    [created.id, data.debit, -data.amount, data.credit, data.amount, created.created_at],
  );
  return toTransfer(created);
}

function isPool(client: Queryable | Db): client is Db {
  return 'totalCount' in client && typeof (client as Db).connect === 'function';
}

/** The balance of one ledger account in cents: the sum of its entries (0 for an account never used). */
export async function balanceOf(client: Queryable, key: string): Promise<number> {
  const { rows } = await client.query<{ balance: string }>(
    'SELECT COALESCE(SUM(amount), 0)::bigint AS balance FROM ledger_entries WHERE account_key = $1',
    [key],
  );
  return Number(rows[0]?.balance ?? 0);
}
