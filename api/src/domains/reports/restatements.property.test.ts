import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import {
  drawnCloseDeps,
  expectPeriodConserved,
  expectWalletsHoldTheirCredits,
  tryPayout,
} from '../../testing/close-property.js';
import { PLATFORM_ACCOUNTS } from '../ledger/index.js';
import { closePeriod } from '../periods/index.js';
import { loadResolvedRows, type StagedRow } from './loader.js';

/**
 * docs/decisions/0079-restated-months.md with docs/decisions/0078-corrections-and-negative-balances.md: a random
 * history of reports (usage and correction lines, matched and unmatched) through the real loader, some for months
 * already closed, some the same file again or the same figures in another file; closes and payouts between them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

type ReportLine = { track: number; platform: number; streams: number; micro: number };
type Event =
  | { kind: 'report'; month: number; lines: ReportLine[] }
  /** A report loaded before, again: the same file (same SHA-256), or the same figures in another file. */
  | { kind: 'again'; which: number; sameFile: boolean }
  | { kind: 'close'; month: number }
  | { kind: 'payout'; account: number; cents: number };

const TRACKS = 3;
const ACCOUNTS = 2;
const PLATFORMS = ['SPOTIFY', 'APPLE_MUSIC'] as const;
const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      month: fc.integer({ min: 1, max: 3 }),
      lines: fc.array(
        fc.record({
          // -1: an identifier nothing in the catalogue matches.
          track: fc.integer({ min: -1, max: TRACKS - 1 }),
          platform: fc.nat(PLATFORMS.length - 1),
          streams: fc.integer({ min: 0, max: 5_000 }),
          // A third are corrections.
          micro: fc.oneof(
            { weight: 2, arbitrary: fc.integer({ min: 0, max: 90_000_000 }) },
            { weight: 1, arbitrary: fc.integer({ min: -60_000_000, max: -1 }) },
          ),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('again' as const), which: fc.nat(), sameFile: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('close' as const), month: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      account: fc.nat(ACCOUNTS - 1),
      cents: fc.integer({ min: 1, max: 10_000 }),
    }),
  },
);
const terms = fc.record({
  share: fc.integer({ min: 0, max: 10_000 }),
  feePerMille: fc.integer({ min: 0, max: 1_000 }),
  heldBp: fc.integer({ min: 0, max: 10_000 }),
});

const sum = async (sql: string, params: unknown[]) =>
  BigInt((await db.query<{ n: string | null }>(sql, params)).rows[0]!.n ?? '0');

let year = 2700;

describe('restated months over random histories', () => {
  it('books each month’s figures once however often they are restated, conserves money at every close, and takes wallets below zero only by corrections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 14 }), terms, async (events, t) => {
        year += 1;
        const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
        const tracks = Array.from({ length: TRACKS }, (_, index) => ({
          trackId: randomUUID(),
          albumId: randomUUID(),
          accountId: accounts[index % ACCOUNTS]!,
        }));
        const unknownIsrc = `ZZ${randomBytes(5).toString('hex').toUpperCase()}`;
        const invite = `held:${randomUUID()}`;
        const deps = drawnCloseDeps(t, invite);
        const monthOf = (month: number) => `${year}-0${month}-01`;
        const closedMonths = new Set<number>();
        const closedPeriods = new Set<string>();
        const paidOut = new Array<number>(ACCOUNTS).fill(0);
        const loaded: { month: number; lines: ReportLine[]; sha256: string }[] = [];
        /**
         * The model, per platform, month and track: the revenue booked (a load adds to an open month and sets a
         * closed one), the streams booked (a closed month's only grow) and the streams in the trends (a restated
         * key adds none).
         */
        const revenue = new Map<string, bigint>();
        const streams = new Map<string, bigint>();
        const trends = new Map<string, bigint>();
        const key = (month: number, line: ReportLine) => `${line.platform} ${month} ${line.track}`;

        const load = async (month: number, lines: ReportLine[], sha256: string) => {
          const batch: StagedRow[] = lines.map((line, index) => ({
            line: index + 1,
            firstDay: `${year}-0${month}-1${index}`,
            lastDay: `${year}-0${month}-1${index}`,
            platform: PLATFORMS[line.platform]!,
            territory: 'DE',
            isrc: line.track < 0 ? unknownIsrc : null,
            upc: null,
            streams: line.micro < 0 ? 0 : line.streams,
            sub30: 0,
            revenueMicro: line.micro,
            currency: 'EUR',
            playlist: null,
            raw: line.track < 0 ? 'unmatched' : null,
            entry: line.track < 0 ? null : tracks[line.track]!,
            ...(line.micro < 0 ? { correction: true } : {}),
          }));
          return loadResolvedRows(db, { name: `${sha256}.csv`, format: 'CSV', sha256, size: 1 }, [batch]);
        };
        const model = (month: number, lines: ReportLine[]) => {
          const fresh = new Map<string, { revenue: bigint; streams: bigint }>();
          for (const line of lines) {
            const figures = fresh.get(key(month, line)) ?? { revenue: 0n, streams: 0n };
            figures.revenue += BigInt(line.micro);
            figures.streams += BigInt(line.micro < 0 ? 0 : line.streams);
            fresh.set(key(month, line), figures);
          }
          for (const [k, figures] of fresh) {
            const before = { revenue: revenue.get(k), streams: streams.get(k) ?? 0n };
            const closed = closedMonths.has(month);
            const restated = closed && before.revenue !== undefined;
            if (!k.endsWith(' -1') && !restated) trends.set(k, (trends.get(k) ?? 0n) + figures.streams);
            if (!closed) {
              revenue.set(k, (before.revenue ?? 0n) + figures.revenue);
              streams.set(k, before.streams + figures.streams);
            } else if (figures.revenue !== (before.revenue ?? 0n) || figures.streams > before.streams) {
              // A closed month's key is booked (and known to the trends) only when it differs.
              revenue.set(k, figures.revenue);
              streams.set(k, figures.streams > before.streams ? figures.streams : before.streams);
            }
          }
        };
        const lineCount = async () => sum(`SELECT count(*)::text AS n FROM revenue_lines`, []);

        for (const e of events) {
          if (e.kind === 'report') {
            const sha256 = randomBytes(32).toString('hex');
            expect((await load(e.month, e.lines, sha256)).status).toBe('LOADED');
            loaded.push({ month: e.month, lines: e.lines, sha256 });
            model(e.month, e.lines);
            continue;
          }
          if (e.kind === 'again') {
            const earlier = loaded[e.which % Math.max(1, loaded.length)];
            if (!earlier) continue;
            const before = await lineCount();
            if (e.sameFile) {
              // The same file twice is recognised: nothing is booked.
              expect((await load(earlier.month, earlier.lines, earlier.sha256)).status).toBe('DUPLICATE');
              expect(await lineCount()).toBe(before);
              continue;
            }
            const sha256 = randomBytes(32).toString('hex');
            const figuresBooked = earlier.lines.every((line) => {
              const k = key(earlier.month, line);
              const month = earlier.lines.filter((other) => key(earlier.month, other) === k);
              return (
                revenue.get(k) === month.reduce((total, other) => total + BigInt(other.micro), 0n) &&
                (streams.get(k) ?? 0n) >=
                  month.reduce((total, other) => total + BigInt(other.micro < 0 ? 0 : other.streams), 0n)
              );
            });
            expect((await load(earlier.month, earlier.lines, sha256)).status).toBe('LOADED');
            // Restating a closed month with the figures it has books nothing the second time.
            if (closedMonths.has(earlier.month) && figuresBooked) expect(await lineCount()).toBe(before);
            loaded.push({ month: earlier.month, lines: earlier.lines, sha256 });
            model(earlier.month, earlier.lines);
            continue;
          }
          if (e.kind === 'close') {
            const { rows } = await db.query<{ id: string }>(
              `SELECT id FROM periods WHERE month = $1 AND status = 'OPEN'`,
              [monthOf(e.month)],
            );
            const id = rows[0]?.id;
            if (!id) continue;
            // Closes go in month order (an open month before this one closes first), as the admins' do.
            for (let month = 1; month <= e.month; month += 1) {
              const { rows: open } = await db.query<{ id: string }>(
                `SELECT id FROM periods WHERE month = $1 AND status = 'OPEN'`,
                [monthOf(month)],
              );
              if (!open[0]) continue;
              const closedBefore = new Map<string, unknown>();
              for (const period of closedPeriods)
                closedBefore.set(
                  period,
                  (await db.query('SELECT * FROM revenue_lines WHERE period_id = $1 ORDER BY id', [period]))
                    .rows,
                );
              expect(await closePeriod(db, open[0].id, deps, { allowOpen: true })).toBe('CLOSED');
              closedMonths.add(month);
              closedPeriods.add(open[0].id);
              // Closed months never change.
              for (const [period, lines] of closedBefore)
                expect(
                  (await db.query('SELECT * FROM revenue_lines WHERE period_id = $1 ORDER BY id', [period]))
                    .rows,
                ).toEqual(lines);
            }
            continue;
          }
          if (await tryPayout(db, accounts[e.account]!, e.cents)) paidOut[e.account]! += e.cents;
        }

        // Each platform, month and track holds exactly the figures the model booked, and the trends its plays.
        const trackOf = (index: number) => (index < 0 ? null : tracks[index]!.trackId);
        for (const [k, micro] of revenue) {
          const [platform, month, track] = k.split(' ').map(Number) as [number, number, number];
          const where = `platform = $1 AND first_day >= $2::date AND first_day < $2::date + interval '1 month'
            AND ${track < 0 ? 'isrc = $3' : 'track_id = $3::uuid'}`;
          const params = [PLATFORMS[platform], monthOf(month), trackOf(track) ?? unknownIsrc];
          expect(
            await sum(`SELECT sum(revenue_micro)::text AS n FROM revenue_lines WHERE ${where}`, params),
          ).toBe(micro);
          expect(await sum(`SELECT sum(streams)::text AS n FROM revenue_lines WHERE ${where}`, params)).toBe(
            streams.get(k) ?? 0n,
          );
          if (track >= 0)
            expect(
              await sum(
                `SELECT sum(streams)::text AS n FROM stream_facts WHERE platform = $1 AND day >= $2::date
                   AND day < $2::date + interval '1 month' AND track_id = $3::uuid`,
                params,
              ),
            ).toBe(trends.get(k) ?? 0n);
        }

        let creditedCents = 0n;
        let heldCents = 0n;
        for (const id of closedPeriods) {
          // Conservation at every close, with adjustments and corrections in it.
          const { micro: m, cents: c } = await expectPeriodConserved(db, id);
          const { rows: moved } = await db.query<{ sum: string | null }>(
            `SELECT SUM(CASE WHEN kind = 'CLOSE_CORRECTION' THEN -amount ELSE amount END)::text AS sum
               FROM ledger_transfers
              WHERE period_id = $1 AND kind <> 'CLOSE_UNMATCHED' AND debit_key <> $2 AND credit_key <> $2`,
            [id, PLATFORM_ACCOUNTS.unmatched],
          );
          expect(BigInt(moved[0]!.sum ?? '0')).toBe(c('revenue'));
          // The period's matched revenue is what its allocations divided.
          expect(
            await sum(
              `SELECT sum(revenue_micro)::text AS n FROM revenue_lines WHERE period_id = $1 AND matched`,
              [id],
            ),
          ).toBe(m('revenue'));
          creditedCents += c('credited');
          heldCents += c('held');
        }
        await expectWalletsHoldTheirCredits(
          db,
          { accounts, paidOut, creditedCents, invite, heldCents },
          'by-corrections',
        );
      }),
      { numRuns: 40 },
    );
    // Real loads and closes against PostgreSQL on every run.
  }, 120_000);
});
