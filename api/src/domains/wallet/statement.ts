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
};

export type StatementInput = {
  tracks: readonly StatementTrack[];
  /** The cents the close's CLOSE_CREDIT transfers moved into the wallet, by album. */
  creditedCentsByAlbum: ReadonlyMap<string, bigint>;
  lines: readonly StatementLine[];
};

/** A statement row before it is named: its bucket key and amounts. */
export type StatementRowAmounts = StatementAmounts & { key: string | null };

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
  const byAlbum = groupBy(input.tracks, (track) => track.albumId);
  const cents = new Map<string, bigint>();
  for (const [albumId, tracks] of byAlbum) {
    const whole = input.creditedCentsByAlbum.get(albumId) ?? 0n;
    const parts = apportionAny(
      whole,
      tracks.map((track) => track.creditedMicro),
      tracks.map((track) => track.revenueMicro),
    );
    tracks.forEach((track, index) => cents.set(track.trackId, parts[index]!));
  }
  return cents;
}

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
  const weights = lines.map((line) => line.weight);
  const fallback = lines.map((line) => line.streams);
  const split = (whole: bigint) => apportionAny(whole, weights, fallback);
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
 * bucket sum to the same totals exactly. Rows are ordered by credited cents, most first, then by key.
 */
export function buildStatement(
  input: StatementInput,
  bucket: StatementBucket,
): { rows: StatementRowAmounts[]; totals: StatementAmounts } {
  const credited = creditedCentsByTrack(input);
  const linesByTrack = groupBy(input.lines, (line) => line.trackId);
  const rows = new Map<string | null, Amounts>();
  const totals = zero();
  for (const track of input.tracks) {
    const pieces = piecesOfTrack(
      track,
      credited.get(track.trackId) ?? 0n,
      linesByTrack.get(track.trackId) ?? [],
    );
    for (const { line, amounts } of pieces) {
      const key = keyOf(bucket, track, line);
      const row = rows.get(key) ?? zero();
      for (const field of Object.keys(amounts) as (keyof Amounts)[]) {
        row[field] += amounts[field];
        totals[field] += amounts[field];
      }
      rows.set(key, row);
    }
  }
  const sorted = [...rows.entries()]
    .map(([key, amounts]) => ({ key, ...wire(amounts) }))
    .sort((a, b) => b.credited - a.credited || (a.key ?? '').localeCompare(b.key ?? ''));
  return { rows: sorted, totals: wire(totals) };
}
