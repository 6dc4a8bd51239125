import type { StatementAmounts, StatementBucket } from '@tunehouse/contracts';
import { apportion } from '../ledger/index.js';

/** What the close allocated from one track, as far as this account is concerned, in platform micro-units. */
export type StatementTrack = {
  trackId: string;
  albumId: string;
  /** The track's revenue, fee collected and commission: zero unless the account owns the track. */
  revenueMicro: bigint;
  feeMicro: bigint;
  commissionMicro: bigint;
  /** What the close credited this account's wallet from the track. */
  creditedMicro: bigint;
  /** Of an owned track's owner share, what its split gave others (credited to them or held for them). */
  splitOutMicro: bigint;
  /** What a split of someone else's track credited this account (zero for its own tracks). */
  splitInMicro: bigint;
  /** The track's correction allocations (amounts ≤ 0), kept apart from its usage (decision 0078). */
  correction?: boolean;
  /** The closed month (YYYY-MM) these allocations adjust: a restatement's difference (decision 0079). */
  adjusts?: string | null;
};

/**
 * The track's matched revenue lines of the period, grouped by platform and territory. `weight` is the revenue in
 * any unit proportional to the platform currency (micro-units times the rate in parts per billion).
 */
export type StatementLine = {
  trackId: string;
  platform: string;
  territory: string | null;
  streams: bigint;
  weight: bigint;
  /** Correction lines (weight ≤ 0). */
  correction?: boolean;
  /** Adjustment lines of this closed month (YYYY-MM). */
  adjusts?: string | null;
};

export type StatementInput = {
  tracks: readonly StatementTrack[];
  /**
   * The cents the close's CLOSE_CREDIT and SPLIT_INCOME transfers moved into the wallet, by album, and what its
   * CLOSE_CORRECTION transfers took out (negative), under `albumKey(albumId, true)`.
   */
  creditedCentsByAlbum: ReadonlyMap<string, bigint>;
  lines: readonly StatementLine[];
};

/** A statement row before it is named: its bucket key and amounts, and whether it is a correction row. */
export type StatementRowAmounts = StatementAmounts & {
  key: string | null;
  correction: boolean;
  /** The closed month (YYYY-MM) an adjustment row is for (docs/decisions/0079-restated-months.md). */
  adjusts: string | null;
};

/** The key of an album's credited cents: its usage, or (`correction`) what corrections took. */
export const albumKey = (albumId: string, correction: boolean) =>
  correction ? `${albumId} correction` : albumId;

type Amounts = {
  streams: bigint;
  revenue: bigint;
  fee: bigint;
  commission: bigint;
  splitOut: bigint;
  splitIn: bigint;
  credited: bigint;
};

const zero = (): Amounts => ({
  streams: 0n,
  revenue: 0n,
  fee: 0n,
  commission: 0n,
  splitOut: 0n,
  splitIn: 0n,
  credited: 0n,
});

function groupBy<Item>(items: readonly Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Largest remainder with a fallback when every weight is zero, so any whole can still be split. */
function apportionAny(whole: bigint, weights: readonly bigint[], fallback: readonly bigint[]): bigint[] {
  if (whole === 0n) return weights.map(() => 0n);
  if (weights.some((weight) => weight > 0n)) return apportion(whole, weights);
  if (fallback.some((weight) => weight > 0n)) return apportion(whole, fallback);
  return apportion(
    whole,
    weights.map(() => 1n),
  );
}

/**
 * Each track's share of its album's credited cents: the ledger moved whole cents per album, so they are split
 * over the album's tracks by largest remainder on the credited micro-units, and the tracks sum to the ledger.
 */
function creditedCentsByTrack(input: StatementInput): Map<string, bigint> {
  const byAlbum = groupBy(input.tracks, (track) => albumKey(track.albumId, !!track.correction));
  const cents = new Map<string, bigint>();
  for (const [key, tracks] of byAlbum) {
    const whole = input.creditedCentsByAlbum.get(key) ?? 0n;
    // A correction's amounts are ≤ 0: apportioned by magnitude, then negated.
    const sign = tracks[0]!.correction ? -1n : 1n;
    const parts = apportionAny(
      sign * whole,
      tracks.map((track) => sign * track.creditedMicro),
      tracks.map((track) => sign * track.revenueMicro),
    );
    tracks.forEach((track, index) => cents.set(trackKey(track), sign * parts[index]!));
  }
  return cents;
}

const trackKey = (track: {
  trackId: string;
  correction?: boolean | undefined;
  adjusts?: string | null | undefined;
}) => `${track.trackId}${track.correction ? ' correction' : ''}${track.adjusts ? ` ${track.adjusts}` : ''}`;

/** The pieces of one track's amounts, one per revenue line (or one keyless piece when it has none). */
function piecesOfTrack(
  track: StatementTrack,
  credited: bigint,
  lines: readonly StatementLine[],
): { line: StatementLine | null; amounts: Amounts }[] {
  const streams = lines.reduce((sum, line) => sum + line.streams, 0n);
  if (lines.length === 0)
    return [
      {
        line: null,
        amounts: {
          streams,
          revenue: track.revenueMicro,
          fee: track.feeMicro,
          commission: track.commissionMicro,
          splitOut: track.splitOutMicro,
          splitIn: track.splitInMicro,
          credited,
        },
      },
    ];
  // A correction's amounts and weights are ≤ 0: they are apportioned by magnitude, then negated.
  const sign = track.correction ? -1n : 1n;
  const weights = lines.map((line) => sign * line.weight);
  const fallback = lines.map((line) => line.streams);
  const split = (whole: bigint) => apportionAny(sign * whole, weights, fallback).map((part) => sign * part);
  const revenue = split(track.revenueMicro);
  const fee = split(track.feeMicro);
  const commission = split(track.commissionMicro);
  const splitOut = split(track.splitOutMicro);
  const splitIn = split(track.splitInMicro);
  const creditedParts = split(credited);
  return lines.map((line, index) => ({
    line,
    amounts: {
      streams: line.streams,
      revenue: revenue[index]!,
      fee: fee[index]!,
      commission: commission[index]!,
      splitOut: splitOut[index]!,
      splitIn: splitIn[index]!,
      credited: creditedParts[index]!,
    },
  }));
}

function keyOf(bucket: StatementBucket, track: StatementTrack, line: StatementLine | null): string | null {
  switch (bucket) {
    case 'track':
      return track.trackId;
    case 'release':
      return track.albumId;
    case 'platform':
      return line?.platform ?? null;
    case 'territory':
      return line?.territory ?? null;
  }
}

const wire = (amounts: Amounts): StatementAmounts => ({
  streams: Number(amounts.streams),
  revenue: Number(amounts.revenue),
  feeCollected: Number(amounts.fee),
  commission: Number(amounts.commission),
  splitOut: Number(amounts.splitOut),
  splitIn: Number(amounts.splitIn),
  credited: Number(amounts.credited),
});

/**
 * The statement's rows in one bucket and their totals. Every amount of a track is split over its revenue lines by
 * largest remainder (platform and territory buckets), so each track's pieces sum to the track and the rows of any
 * bucket sum to the same totals exactly. Rows are ordered by credited cents, most first, then by key; correction
 * rows (docs/decisions/0078-corrections-and-negative-balances.md) come after, the largest take first, and
 * `corrections` is their total. A restated month's adjustment rows (docs/decisions/0079-restated-months.md) are
 * rows of their own too, after the usage rows (positive differences) or among the corrections (negative ones).
 */
export function buildStatement(
  input: StatementInput,
  bucket: StatementBucket,
): { rows: StatementRowAmounts[]; totals: StatementAmounts; corrections: StatementAmounts } {
  const credited = creditedCentsByTrack(input);
  const linesByTrack = groupBy(input.lines, trackKey);
  // Rows by correction and key: a correction is a row of its own, never netted into its key's usage row.
  const rows = new Map<
    string,
    { key: string | null; correction: boolean; adjusts: string | null; amounts: Amounts }
  >();
  const totals = zero();
  const corrections = zero();
  for (const track of input.tracks) {
    const pieces = piecesOfTrack(
      track,
      credited.get(trackKey(track)) ?? 0n,
      linesByTrack.get(trackKey(track)) ?? [],
    );
    for (const { line, amounts } of pieces) {
      const key = keyOf(bucket, track, line);
      const adjusts = track.adjusts ?? null;
      const id = `${!!track.correction} ${adjusts} ${key}`;
      const row = rows.get(id) ?? { key, correction: !!track.correction, adjusts, amounts: zero() };
      for (const field of Object.keys(amounts) as (keyof Amounts)[]) {
        row.amounts[field] += amounts[field];
        totals[field] += amounts[field];
        if (track.correction) corrections[field] += amounts[field];
      }
      rows.set(id, row);
    }
  }
  const sorted = [...rows.values()]
    .map(({ key, correction, adjusts, amounts }) => ({ key, correction, adjusts, ...wire(amounts) }))
    .sort(
      (a, b) =>
        Number(a.correction) - Number(b.correction) ||
        // A restated month's adjustment rows follow the period's own, the oldest month first.
        (a.adjusts ?? '').localeCompare(b.adjusts ?? '') ||
        (a.correction ? a.credited - b.credited : b.credited - a.credited) ||
        (a.key ?? '').localeCompare(b.key ?? ''),
    );
  return { rows: sorted, totals: wire(totals), corrections: wire(corrections) };
}
