import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { testDatabasePool } from '../../testing/test-database.js';
import {
  drawnCloseDeps,
  expectPeriodConserved,
  expectWalletsHoldTheirCredits,
  tryPayout,
} from '../../testing/close-property.js';
import { PLATFORM_ACCOUNTS } from '../ledger/index.js';
import { closePeriod } from './close.js';
import { fileRevenueLines, type RevenueLineFixture } from './revenue-fixtures.js';

const db = testDatabasePool();

/**
 * docs/decisions/0078-corrections-and-negative-balances.md. A random history of one label year with correction
 * lines among the reports (negative revenue, some larger than what a track earned): reports filed into months
 * (some late, after their month closed), closes, and payouts from the wallets. The fee, the plan share and the splits are drawn per run, so the allocation is
 * exercised with every mix of fee, commission, credit and held parts.
 */
type Event =
  | {
      kind: 'report';
      month: number;
      lines: { track: number; streams: number; micro: number; usd: boolean }[];
    }
  | { kind: 'close'; month: number }
  | { kind: 'payout'; account: number; cents: number };

const TRACKS = 4;
const ACCOUNTS = 2;
const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      month: fc.integer({ min: 1, max: 4 }),
      lines: fc.array(
        fc.record({
          track: fc.integer({ min: -1, max: TRACKS - 1 }),
          streams: fc.integer({ min: 0, max: 50_000 }),
          // A third of the lines are corrections: negative revenue.
          micro: fc.oneof(
            { weight: 2, arbitrary: fc.integer({ min: 0, max: 200_000_000 }) },
            { weight: 1, arbitrary: fc.integer({ min: -300_000_000, max: -1 }) },
          ),
          usd: fc.boolean(),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('close' as const), month: fc.integer({ min: 1, max: 4 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      account: fc.nat(ACCOUNTS - 1),
      cents: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
);

const terms = fc.record({
  share: fc.integer({ min: 0, max: 10_000 }),
  /** The part of a track's revenue the fee takes, in 1/1000. */
  feePerMille: fc.integer({ min: 0, max: 1_000 }),
  /** Basis points of an owner share held for a participant who has not accepted. */
  heldBp: fc.integer({ min: 0, max: 10_000 }),
  ratePpb: fc.integer({ min: 1, max: 3_000_000_000 }),
});

let year = 2600;

describe('period close conservation over random histories with corrections', () => {
  it('conserves money through every close, takes wallets below zero only by corrections, pays out never from below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 12 }), terms, async (events, t) => {
        year += 1;
        const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
        const tracks = Array.from({ length: TRACKS }, (_, index) => ({
          trackId: randomUUID(),
          albumId: randomUUID(),
          accountId: accounts[index % ACCOUNTS]!,
        }));
        const invite = `held:${randomUUID()}`;
        const deps = drawnCloseDeps(t, invite);
        const closed = new Set<string>();
        const paidOut = new Array<number>(ACCOUNTS).fill(0);

        for (const e of events) {
          if (e.kind === 'report') {
            const lines: RevenueLineFixture[] = e.lines.map((line) => ({
              day: `${year}-0${e.month}-1${line.track + 2}`,
              ...(line.track >= 0 ? tracks[line.track]! : {}),
              streams: line.micro < 0 ? 0 : line.streams,
              revenueMicro: line.micro,
              currency: line.usd ? 'USD' : 'EUR',
            }));
            const periods = await withTransaction(db, (tx) => fileRevenueLines(tx, lines));
            // A late report never lands in a closed period.
            for (const period of periods) expect(closed.has(period)).toBe(false);
            continue;
          }
          if (e.kind === 'close') {
            const { rows } = await db.query<{ id: string }>(
              `SELECT id FROM periods WHERE month = $1 AND status = 'OPEN'`,
              [`${year}-0${e.month}-01`],
            );
            const id = rows[0]?.id;
            if (!id) continue;
            await db.query(
              `INSERT INTO period_exchange_rates (period_id, currency, rate_ppb) VALUES ($1, 'USD', $2)
               ON CONFLICT DO NOTHING`,
              [id, t.ratePpb],
            );
            expect(await closePeriod(db, id, deps, { allowOpen: true })).toBe('CLOSED');
            // Closing again counts once.
            expect(await closePeriod(db, id, deps, { allowOpen: true })).toBe('SKIPPED');
            closed.add(id);
            continue;
          }
          // Below zero (or short) the ledger refuses every payout.
          if (await tryPayout(db, accounts[e.account]!, e.cents)) paidOut[e.account]! += e.cents;
        }

        let creditedCents = 0n;
        let heldCents = 0n;
        for (const id of closed) {
          const { cents: c } = await expectPeriodConserved(db, id);
          // Usage and corrections are each rounded once: revenue in cents is usage cents − correction cents.
          const { rows: parts } = await db.query<{ usage: string; taken: string }>(
            `SELECT COALESCE(SUM(amount_micro) FILTER (WHERE NOT correction), 0)::text AS usage,
                    COALESCE(-SUM(amount_micro) FILTER (WHERE correction), 0)::text AS taken
               FROM period_allocations WHERE period_id = $1`,
            [id],
          );
          const cents = (micro: bigint) => (micro + 5_000n) / 10_000n;
          expect(c('revenue')).toBe(cents(BigInt(parts[0]!.usage)) - cents(BigInt(parts[0]!.taken)));
          creditedCents += c('credited');
          heldCents += c('held');
          // The transfers of the close are its statement: they sum to its revenue in cents, corrections negative.
          const { rows: moved } = await db.query<{ sum: string | null }>(
            `SELECT SUM(CASE WHEN kind = 'CLOSE_CORRECTION' THEN -amount ELSE amount END)::text AS sum
               FROM ledger_transfers
              WHERE period_id = $1 AND kind <> 'CLOSE_UNMATCHED' AND debit_key <> $2 AND credit_key <> $2`,
            [id, PLATFORM_ACCOUNTS.unmatched],
          );
          expect(BigInt(moved[0]!.sum ?? '0')).toBe(c('revenue'));
          // Each transfer is its statement line's largest-remainder share of the rounded total it belongs to
          // (usage or corrections, each rounded once): within a cent of that total × line / total. A line may sit a
          // full cent from its own micro-units, since the remainders go to the largest fractions across lines.
          const { rows: lines } = await db.query<{
            micro: string;
            cents: string | null;
            correction: boolean;
          }>(
            `SELECT SUM(a.amount_micro)::text AS micro, MIN(t.amount)::text AS cents, a.correction
             FROM period_allocations a
             LEFT JOIN ledger_transfers t ON t.idempotency_key =
               'period-close:' || a.period_id || ':' || CASE WHEN a.correction THEN 'CORRECTION:' ELSE '' END
               || a.kind || ':' || a.album_id || ':' || a.beneficiary_key
             WHERE a.period_id = $1 GROUP BY a.kind, a.album_id, a.beneficiary_key, a.correction`,
            [id],
          );
          for (const line of lines) {
            const totalMicro = BigInt(line.correction ? parts[0]!.taken : parts[0]!.usage);
            const micro = BigInt(line.micro) * (line.correction ? -1n : 1n);
            const share = BigInt(line.cents ?? '0') * totalMicro - cents(totalMicro) * micro;
            expect(share < 0n ? -share : share).toBeLessThan(totalMicro);
          }
        }
        await expectWalletsHoldTheirCredits(
          db,
          { accounts, paidOut, creditedCents, invite, heldCents },
          'by-corrections',
        );
      }),
      { numRuns: 60 },
    );
    // Every run is real transactions against PostgreSQL: 6-16 s at a load average of 15, too near vitest's 20 s when
    // CI's other suites share the two cores.
  }, 120_000);
});
