import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import type { ApiError } from '../../platform/errors.js';
import { testDatabasePool } from '../../testing/test-database.js';
import {
  InsufficientFundsError,
  PLATFORM_ACCOUNTS,
  balanceOf,
  transfer,
  walletBalance,
  walletKey,
} from './index.js';

const db = testDatabasePool();

const credit = (accountId: string, amount: number, key: string = randomUUID()) =>
  withTransaction(db, (tx) =>
    transfer(tx, {
      idempotencyKey: key,
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: walletKey(accountId),
      amount,
      kind: 'CLOSE_CREDIT',
    }),
  );

const debit = (accountId: string, amount: number, key: string = randomUUID()) =>
  withTransaction(db, (tx) =>
    transfer(tx, {
      idempotencyKey: key,
      debit: walletKey(accountId),
      credit: PLATFORM_ACCOUNTS.settlements,
      amount,
      kind: 'TAKEDOWN_SETTLEMENT',
    }),
  );

describe('transfer', () => {
  it('refuses a kind that TRANSFER_KINDS does not name, booking nothing', async () => {
    const accountId = randomUUID();
    await expect(
      transfer(db, {
        idempotencyKey: randomUUID(),
        debit: PLATFORM_ACCOUNTS.storeReceivables,
        credit: walletKey(accountId),
        amount: 100,
        kind: 'GOODWILL_CREDIT' as never,
      }),
    ).rejects.toThrow();
    expect(await walletBalance(db, accountId)).toBe(0);
  });

  it('moves cents between two accounts as two entries summing to zero', async () => {
    const account = randomUUID();
    const before = await balanceOf(db, PLATFORM_ACCOUNTS.storeReceivables);
    const made = await credit(account, 1234);
    expect(made).toMatchObject({ amount: 1234, debit: PLATFORM_ACCOUNTS.storeReceivables });
    expect(await walletBalance(db, account)).toBe(1234);
    expect(await balanceOf(db, PLATFORM_ACCOUNTS.storeReceivables)).toBe(before - 1234);
    const { rows } = await db.query<{ amount: string }>(
      'SELECT amount FROM ledger_entries WHERE transfer_id = $1 ORDER BY amount',
      [made.id],
    );
    expect(rows.map((row) => Number(row.amount))).toEqual([-1234, 1234]);
  });

  it('returns the first transfer on a replay with the same payload, and refuses a different one', async () => {
    const account = randomUUID();
    const key = `replay-${randomUUID()}`;
    const first = await credit(account, 500, key);
    const again = await credit(account, 500, key);
    expect(again.id).toBe(first.id);
    expect(await walletBalance(db, account)).toBe(500);
    await expect(credit(account, 501, key)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('refuses to take a wallet below zero and names the shortfall', async () => {
    const account = randomUUID();
    await credit(account, 300);
    const refused = await debit(account, 1000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InsufficientFundsError);
    expect(refused).toMatchObject({
      statusCode: 409,
      code: 'INSUFFICIENT_FUNDS',
      balance: 300,
      shortfall: 700,
    });
    expect((refused as ApiError).message).toContain('7.00 short');
    await debit(account, 300);
    expect(await walletBalance(db, account)).toBe(0);
  });

  it('lets only one of two concurrent debits of the last cents through', async () => {
    const account = randomUUID();
    await credit(account, 100);
    const results = await Promise.allSettled([debit(account, 80), debit(account, 80)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await walletBalance(db, account)).toBe(20);
  });

  it('makes its own transaction when given the pool', async () => {
    const account = randomUUID();
    await transfer(db, {
      idempotencyKey: randomUUID(),
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: walletKey(account),
      amount: 42,
      kind: 'CLOSE_CREDIT',
    });
    expect(await walletBalance(db, account)).toBe(42);
  });

  it('refuses bad input before touching the database', async () => {
    await expect(credit('not-a-uuid', 1)).rejects.toMatchObject({ statusCode: 400 });
    await expect(credit(randomUUID(), 0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(credit(randomUUID(), 1.5)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('ledger history in the database', () => {
  it.each([
    ['UPDATE ledger_entries SET amount = amount + 1'],
    ['DELETE FROM ledger_entries'],
    ['TRUNCATE ledger_entries CASCADE'],
    ["UPDATE ledger_transfers SET memo = 'changed'"],
    ['DELETE FROM ledger_transfers'],
    ['TRUNCATE ledger_transfers CASCADE'],
  ])('refuses %s', async (statement) => {
    await credit(randomUUID(), 10);
    await expect(db.query(statement)).rejects.toThrow(/append-only/);
  });
});
