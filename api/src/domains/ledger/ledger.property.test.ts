import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { testDatabasePool } from '../../testing/test-database.js';
import { PLATFORM_ACCOUNTS, balanceOf, transfer, walletKey } from './index.js';

const db = testDatabasePool();

/** One step of a random history: money in, money out, or a replay of an earlier step (same or changed payload). */
type Step =
  | { op: 'credit'; wallet: number; amount: number }
  | { op: 'debit'; wallet: number; amount: number }
  | { op: 'replay'; of: number; change: boolean };

const WALLETS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('credit' as const),
    wallet: fc.nat(WALLETS - 1),
    amount: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({
    op: fc.constant('debit' as const),
    wallet: fc.nat(WALLETS - 1),
    amount: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ op: fc.constant('replay' as const), of: fc.nat(30), change: fc.boolean() }),
);

/** A digest of the entries (and their transfers) up to entry `upTo`, to prove none of them changed. */
async function historyDigest(upTo: string): Promise<string> {
  const { rows } = await db.query<{ digest: string | null }>(
    `SELECT md5(string_agg(e.id || ':' || e.transfer_id || ':' || e.account_key || ':' || e.amount || ':' ||
       t.idempotency_key || ':' || t.kind || ':' || t.amount, ',' ORDER BY e.id)) AS digest
     FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id WHERE e.id <= $1`,
    [upTo],
  );
  return rows[0]?.digest ?? '';
}

const lastEntry = async () =>
  (await db.query<{ id: string }>('SELECT COALESCE(MAX(id), 0)::text AS id FROM ledger_entries')).rows[0]!.id;

describe('ledger invariants over random histories', () => {
  it('never lets a wallet go negative, counts replays once, balances to zero and never changes history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const wallets = Array.from({ length: WALLETS }, () => walletKey(randomUUID()));
        const upTo = await lastEntry();
        const before = await historyDigest(upTo);
        const model = new Array<number>(WALLETS).fill(0);
        const done: { key: string; wallet: number; amount: number; debit: boolean }[] = [];
        let transfers = 0;
        for (const s of steps) {
          if (s.op === 'replay') {
            const earlier = done[s.of % Math.max(1, done.length)];
            if (!earlier) continue;
            const amount = earlier.amount + (s.change ? 1 : 0);
            const replay = move(earlier.key, wallets[earlier.wallet]!, amount, earlier.debit);
            if (s.change) await expect(replay).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
            else await replay;
            continue;
          }
          const key = randomUUID();
          const debit = s.op === 'debit';
          const attempt = move(key, wallets[s.wallet]!, s.amount, debit);
          if (debit && model[s.wallet]! < s.amount) {
            await expect(attempt).rejects.toMatchObject({
              code: 'INSUFFICIENT_FUNDS',
              shortfall: s.amount - model[s.wallet]!,
            });
            continue;
          }
          await attempt;
          model[s.wallet]! += debit ? -s.amount : s.amount;
          done.push({ key, wallet: s.wallet, amount: s.amount, debit });
          transfers += 1;
        }
        for (const [index, wallet] of wallets.entries()) {
          const balance = await balanceOf(db, wallet);
          expect(balance).toBe(model[index]);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const { rows } = await db.query<{ entries: string; transfers: string }>(
          `SELECT COUNT(*)::text AS entries, COUNT(DISTINCT transfer_id)::text AS transfers FROM ledger_entries
           WHERE account_key = ANY($1::text[])`,
          [wallets],
        );
        expect(Number(rows[0]!.transfers)).toBe(transfers);
        const total = await db.query<{ sum: string }>(
          'SELECT COALESCE(SUM(amount), 0)::text AS sum FROM ledger_entries',
        );
        expect(total.rows[0]!.sum).toBe('0');
        // Earlier history is untouched, and the database refuses to touch it.
        expect(await historyDigest(upTo)).toBe(before);
        // The newest entry (this run's, or an earlier run's when every step here was refused) cannot change.
        const newest = await lastEntry();
        if (newest !== '0') {
          await expect(
            db.query('UPDATE ledger_entries SET amount = amount WHERE id = $1', [newest]),
          ).rejects.toThrow(/append-only/);
          await expect(db.query('DELETE FROM ledger_entries WHERE id = $1', [newest])).rejects.toThrow(
            /append-only/,
          );
        }
      }),
      { numRuns: 40 },
    );
    // Every run is real transactions against PostgreSQL: 6-16 s at a load average of 15, too near vitest's 20 s when
    // CI's other suites share the two cores.
  }, 120_000);
});

function move(key: string, wallet: string, amount: number, debit: boolean) {
  return withTransaction(db, (tx) =>
    transfer(tx, {
      idempotencyKey: key,
      debit: debit ? wallet : PLATFORM_ACCOUNTS.storeReceivables,
      credit: debit ? PLATFORM_ACCOUNTS.settlements : wallet,
      amount,
      kind: debit ? 'TAKEDOWN_SETTLEMENT' : 'CLOSE_CREDIT',
    }),
  );
}
