import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementInput } from './statement.js';

/** docs/decisions/0078-corrections-and-negative-balances.md: corrections are rows of their own, with a total. */
describe('a statement with a correction', () => {
  const input: StatementInput = {
    tracks: [
      {
        trackId: 't1',
        albumId: 'a1',
        revenueMicro: 10_000_000n,
        feeMicro: 1_000_000n,
        commissionMicro: 1_800_000n,
        creditedMicro: 4_320_000n,
        splitOutMicro: 2_880_000n,
        splitInMicro: 0n,
      },
      {
        trackId: 't1',
        albumId: 'a1',
        revenueMicro: -50_000_000n,
        feeMicro: 0n,
        commissionMicro: -10_000_000n,
        creditedMicro: -24_000_000n,
        splitOutMicro: -16_000_000n,
        splitInMicro: 0n,
        correction: true,
      },
    ],
    creditedCentsByAlbum: new Map([
      ['a1', 432n],
      ['a1 correction', -2_400n],
    ]),
    lines: [
      { trackId: 't1', platform: 'SPOTIFY', territory: 'SE', streams: 100n, weight: 10n },
      { trackId: 't1', platform: 'SPOTIFY', territory: 'SE', streams: 0n, weight: -30n, correction: true },
      { trackId: 't1', platform: 'DEEZER', territory: 'SE', streams: 0n, weight: -20n, correction: true },
    ],
  };

  it('shows the correction as its own rows after the usage rows, and its total', () => {
    const byTrack = buildStatement(input, 'track');
    expect(byTrack.rows.map((row) => [row.key, row.correction, row.revenue, row.credited])).toEqual([
      ['t1', false, 10_000_000, 432],
      ['t1', true, -50_000_000, -2_400],
    ]);
    expect(byTrack.totals).toMatchObject({ revenue: -40_000_000, credited: -1_968, splitOut: -13_120_000 });
    expect(byTrack.corrections).toMatchObject({ revenue: -50_000_000, credited: -2_400, feeCollected: 0 });

    const byPlatform = buildStatement(input, 'platform');
    expect(byPlatform.rows.map((row) => [row.key, row.correction, row.revenue, row.credited])).toEqual([
      ['SPOTIFY', false, 10_000_000, 432],
      ['SPOTIFY', true, -30_000_000, -1_440],
      ['DEEZER', true, -20_000_000, -960],
    ]);
    expect(byPlatform.totals).toEqual(byTrack.totals);
  });
});
