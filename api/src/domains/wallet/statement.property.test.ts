import { STATEMENT_BUCKETS, type StatementAmounts } from '@tunehouse/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementInput, type StatementLine, type StatementTrack } from './statement.js';

const FIELDS = [
  'streams',
  'revenue',
  'feeCollected',
  'commission',
  'splitOut',
  'splitIn',
  'credited',
] as const;
const micro = fc.bigInt({ min: 0n, max: 10n ** 12n });

/** Tracks on a few albums, each with 0–4 revenue lines whose weights may all be zero. */
const inputs: fc.Arbitrary<StatementInput> = fc
  .uniqueArray(
    fc.record({
      trackId: fc.uuid(),
      albumId: fc.constantFrom('album-a', 'album-b', 'album-c'),
      revenueMicro: micro,
      feeMicro: micro,
      commissionMicro: micro,
      creditedMicro: fc.oneof(fc.constant(0n), micro),
      splitOutMicro: fc.oneof(fc.constant(0n), micro),
      splitInMicro: fc.oneof(fc.constant(0n), micro),
      lines: fc.array(
        fc.record({
          platform: fc.constantFrom('SPOTIFY', 'APPLE_MUSIC', 'DEEZER'),
          territory: fc.constantFrom('DE', 'NL', null),
          streams: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          weight: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 18n })),
        }),
        { maxLength: 4 },
      ),
    }),
    { selector: (track) => track.trackId, maxLength: 12 },
  )
  .chain((tracks) =>
    fc
      .tuple(...['album-a', 'album-b', 'album-c'].map(() => fc.bigInt({ min: 0n, max: 10n ** 9n })))
      .map((cents) => ({
        tracks: tracks.map(({ lines: _lines, ...track }): StatementTrack => track),
        creditedCentsByAlbum: new Map(
          ['album-a', 'album-b', 'album-c']
            .filter((album) => tracks.some((track) => track.albumId === album))
            .map((album, index) => [album, cents[index]!] as const),
        ),
        lines: tracks.flatMap((track) =>
          track.lines.map((line): StatementLine => ({ ...line, trackId: track.trackId })),
        ),
      })),
  );

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

describe('period statement', () => {
  it('has rows that sum to its totals exactly, the same totals in every bucket', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const statements = STATEMENT_BUCKETS.map((bucket) => buildStatement(input, bucket));
        for (const { rows, totals } of statements) {
          for (const field of FIELDS)
            expect(rows.reduce((total, row) => total + row[field], 0)).toBe(totals[field]);
          expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
          expect(totals).toEqual(statements[0]!.totals);
        }
        const expected: StatementAmounts = {
          streams: Number(sum(input.lines.map((line) => line.streams))),
          revenue: Number(sum(input.tracks.map((track) => track.revenueMicro))),
          feeCollected: Number(sum(input.tracks.map((track) => track.feeMicro))),
          commission: Number(sum(input.tracks.map((track) => track.commissionMicro))),
          splitOut: Number(sum(input.tracks.map((track) => track.splitOutMicro))),
          splitIn: Number(sum(input.tracks.map((track) => track.splitInMicro))),
          credited: Number(sum([...input.creditedCentsByAlbum.values()])),
        };
        expect(statements[0]!.totals).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('splits an album’s cents over its tracks by what each track credited', () => {
    const input: StatementInput = {
      tracks: [
        {
          trackId: 't1',
          albumId: 'a',
          revenueMicro: 0n,
          feeMicro: 0n,
          commissionMicro: 0n,
          creditedMicro: 1n,
          splitOutMicro: 0n,
          splitInMicro: 0n,
        },
        {
          trackId: 't2',
          albumId: 'a',
          revenueMicro: 0n,
          feeMicro: 0n,
          commissionMicro: 0n,
          creditedMicro: 2n,
          splitOutMicro: 0n,
          splitInMicro: 0n,
        },
      ],
      creditedCentsByAlbum: new Map([['a', 10n]]),
      lines: [],
    };
    expect(buildStatement(input, 'track').rows.map(({ key, credited }) => ({ key, credited }))).toEqual([
      { key: 't2', credited: 7 },
      { key: 't1', credited: 3 },
    ]);
  });
});
