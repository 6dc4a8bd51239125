import type { Queryable } from '../../platform/db.js';
import { PLATFORM_ACCOUNTS, accountKeySchema, apportion, microToCents, walletKey } from '../ledger/index.js';
import type { LicensingPort, SplitsPort } from './ports.js';

/** A track's matched revenue in a period from one usage month, converted into the platform currency. */
export type TrackRevenue = {
  trackId: string;
  albumId: string;
  accountId: string;
  streams: number;
  revenueMicro: bigint;
  firstDay: string;
  lastDay: string;
  /** Correction lines (revenue ≤ 0), allocated apart: docs/decisions/0078-corrections-and-negative-balances.md. */
  correction?: boolean;
  /** An adjustment of this closed period (docs/decisions/0079-restated-months.md). */
  restatesPeriodId?: string;
};

export type AllocationKind = 'FEE' | 'COMMISSION' | 'CREDIT' | 'HELD';

/** One statement line: what a track's revenue gave one beneficiary, in micro-units. */
export type Allocation = {
  trackId: string;
  albumId: string;
  kind: AllocationKind;
  beneficiaryKey: string;
  streams: number;
  amountMicro: bigint;
  /** The split that divided this part of the owner share (CREDIT and HELD only). */
  splitId?: string;
  /** A credit to a wallet other than the track owner's: a participant's split income. */
  splitIncome?: boolean;
  /** Part of a correction: the amount is ≤ 0 (docs/decisions/0078-corrections-and-negative-balances.md). */
  correction?: boolean;
  /** Part of an adjustment of this closed period (docs/decisions/0079-restated-months.md). */
  restatesPeriodId?: string;
};

export type Totals = {
  revenue: bigint;
  feeCollected: bigint;
  commission: bigint;
  credited: bigint;
  held: bigint;
  unmatched: bigint;
};

const TOTAL_OF: Record<AllocationKind, keyof Totals> = {
  FEE: 'feeCollected',
  COMMISSION: 'commission',
  CREDIT: 'credited',
  HELD: 'held',
};

const BP_WHOLE = 10_000n;

/** share (basis points) of an amount, half up: the owner's part; the rest is the plan's commission. */
function ownerPart(amount: bigint, shareBp: number): bigint {
  return (amount * BigInt(shareBp) * 2n + BP_WHOLE) / (2n * BP_WHOLE);
}

/**
 * Allocates each track's revenue in order: the distribution fee is collected first, the plan commission is taken
 * from the rest, and the owner's share goes through the splits seam. Everything stays in micro-units; the parts
 * of each track sum to its revenue exactly.
 */
export async function allocateTracks(
  q: Queryable,
  periodId: string,
  tracks: readonly TrackRevenue[],
  {
    licensing,
    splits,
    defaultShare,
    bookedAt,
  }: { licensing: LicensingPort; splits: SplitsPort; defaultShare: number; bookedAt?: Date | undefined },
): Promise<Allocation[]> {
  const shares = new Map<string, number>();
  const allocations: Allocation[] = [];
  const divide = splits.inTransaction?.(q) ?? splits;
  const shareOf = async (albumId: string) => {
    let share = shares.get(albumId);
    if (share === undefined) {
      share = (await licensing.licenceForAlbum(q, albumId))?.share ?? defaultShare;
      shares.set(albumId, share);
    }
    return share;
  };
  for (const track of tracks) {
    if (track.correction) {
      allocations.push(
        ...(await allocateCorrection(q, periodId, track, await shareOf(track.albumId), divide)),
      );
      continue;
    }
    const base = {
      trackId: track.trackId,
      albumId: track.albumId,
      ...(track.restatesPeriodId ? { restatesPeriodId: track.restatesPeriodId } : {}),
    };
    const collected = await licensing.collectFeeFromRoyalties(q, {
      albumId: track.albumId,
      periodId,
      streams: track.streams,
      revenueMicro: track.revenueMicro,
      bookedAt,
    });
    const fee = BigInt(collected.royaltyCollectedMicro);
    if (fee < 0n || fee > track.revenueMicro)
      throw new Error(
        `Fee collection for track ${track.trackId} took ${fee} of ${track.revenueMicro} micro-units`,
      );
    if (fee > 0n)
      allocations.push({
        ...base,
        kind: 'FEE',
        beneficiaryKey: PLATFORM_ACCOUNTS.feeCollection,
        streams: collected.streamsCollected,
        amountMicro: fee,
      });
    const rest = track.revenueMicro - fee;
    const share = await shareOf(track.albumId);
    const owner = ownerPart(rest, share);
    if (rest - owner > 0n)
      allocations.push({
        ...base,
        kind: 'COMMISSION',
        beneficiaryKey: PLATFORM_ACCOUNTS.commission,
        streams: track.streams,
        amountMicro: rest - owner,
      });
    if (owner === 0n) continue;
    allocations.push(
      ...(await ownerShareAllocations(q, periodId, track, owner, divide, {
        base: { ...base, streams: track.streams },
        sign: 1n,
        what: 'an owner share',
      })),
    );
  }
  return mergedPerTrack(allocations);
}

/**
 * A correction (revenue < 0) of one track and usage month, allocated as its revenue would have been, negated
 * (docs/decisions/0078-corrections-and-negative-balances.md): no fee (a fee settled or collecting is not touched),
 * the plan's commission gives back its share, and the owner's share is taken from the beneficiaries of the split
 * version in force for the usage days, in its proportions. The split divides the magnitude, so its rounding is the
 * one positive revenue gets; every part is then negated.
 */
async function allocateCorrection(
  q: Queryable,
  periodId: string,
  track: TrackRevenue,
  share: number,
  divide: Pick<SplitsPort, 'allocateOwnerShare'>,
): Promise<Allocation[]> {
  const magnitude = -track.revenueMicro;
  if (magnitude <= 0n) return [];
  const base = {
    trackId: track.trackId,
    albumId: track.albumId,
    streams: 0,
    correction: true,
    ...(track.restatesPeriodId ? { restatesPeriodId: track.restatesPeriodId } : {}),
  };
  const owner = ownerPart(magnitude, share);
  const out: Allocation[] = [];
  if (magnitude - owner > 0n)
    out.push({
      ...base,
      kind: 'COMMISSION',
      beneficiaryKey: PLATFORM_ACCOUNTS.commission,
      amountMicro: owner - magnitude,
    });
  if (owner === 0n) return out;
  out.push(
    ...(await ownerShareAllocations(q, periodId, track, owner, divide, {
      base,
      sign: -1n,
      what: 'a correction',
    })),
  );
  return out;
}

/**
 * The owner's share of a track divided by the split version in force for its usage days: one CREDIT (or HELD, for
 * an invite not yet answered) per beneficiary, signed — positive for revenue, negative for a correction. The parts
 * must be non-negative, name accounts a user can hold, and add up to exactly the share.
 */
async function ownerShareAllocations(
  q: Queryable,
  periodId: string,
  track: TrackRevenue,
  owner: bigint,
  divide: Pick<SplitsPort, 'allocateOwnerShare'>,
  entry: {
    base: Pick<Allocation, 'trackId' | 'albumId' | 'streams' | 'correction' | 'restatesPeriodId'>;
    sign: 1n | -1n;
    what: string;
  },
): Promise<Allocation[]> {
  const parts = await divide.allocateOwnerShare(q, {
    periodId,
    trackId: track.trackId,
    albumId: track.albumId,
    ownerAccountId: track.accountId,
    firstDay: track.firstDay,
    lastDay: track.lastDay,
    streams: entry.base.streams,
    amountMicro: owner,
  });
  const splitId = parts.find((part) => part.splitId)?.splitId;
  const byKey = new Map<string, bigint>();
  let sum = 0n;
  for (const part of parts) {
    const key = part.beneficiaryKey;
    if (part.amountMicro < 0n || !accountKeySchema.safeParse(key).success || key.startsWith('platform:'))
      throw new Error(`Split of track ${track.trackId} gave ${part.amountMicro} to "${key}"`);
    sum += part.amountMicro;
    byKey.set(key, (byKey.get(key) ?? 0n) + part.amountMicro);
  }
  if (sum !== owner)
    throw new Error(`Split of track ${track.trackId} allocated ${sum} of ${entry.what} of ${owner}`);
  const out: Allocation[] = [];
  for (const [beneficiaryKey, amountMicro] of byKey) {
    if (amountMicro === 0n) continue;
    const kind = beneficiaryKey.startsWith('held:') ? 'HELD' : 'CREDIT';
    const allocation: Allocation = {
      ...entry.base,
      kind,
      beneficiaryKey,
      amountMicro: entry.sign * amountMicro,
    };
    if (splitId) {
      allocation.splitId = splitId;
      if (kind === 'CREDIT' && beneficiaryKey !== walletKey(track.accountId)) allocation.splitIncome = true;
    }
    out.push(allocation);
  }
  return out;
}

/**
 * A track's revenue comes in one entry per usage month (period-revenue.ts); its allocations are kept as one line
 * per track, kind and beneficiary (the period_allocations key), their amounts and streams added.
 */
function mergedPerTrack(allocations: Allocation[]): Allocation[] {
  const merged = new Map<string, Allocation>();
  for (const allocation of allocations) {
    const key =
      `${allocation.trackId} ${allocation.kind} ${allocation.beneficiaryKey} ${!!allocation.correction} ` +
      `${allocation.restatesPeriodId ?? ''}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...allocation });
      continue;
    }
    seen.amountMicro += allocation.amountMicro;
    seen.streams += allocation.streams;
    if (allocation.splitId) {
      seen.splitId ??= allocation.splitId;
      seen.splitIncome ||= allocation.splitIncome;
    }
  }
  return [...merged.values()];
}

/** One ledger transfer of the close: a beneficiary's part of an album's revenue, in micro-units and in cents. */
export type StatementLine = {
  kind: AllocationKind;
  beneficiaryKey: string;
  albumId: string;
  amountMicro: bigint;
  cents: bigint;
  /** The split behind the line (one per album), and whether it is a participant's split income. */
  splitId?: string;
  splitIncome?: boolean;
  /** A correction's line: amount and cents ≤ 0. */
  correction?: boolean;
};

export type Statement = {
  lines: StatementLine[];
  totals: Totals;
  /** The same totals in cents: revenue is the matched revenue rounded once, the parts its largest-remainder split. */
  cents: Totals;
  /** What corrections took back (≤ 0; part of the totals above), in micro-units and cents. */
  corrections: { micro: bigint; cents: bigint };
};

/** Cents of a signed micro-unit amount, half away from zero (a correction rounds as the same charge did). */
function signedCents(micro: bigint): bigint {
  return micro < 0n ? -microToCents(-micro) : microToCents(micro);
}

/**
 * Groups allocations by (kind, beneficiary, album) and rounds to cents once for the whole period: the matched
 * revenue is rounded to cents, then split over the groups by largest remainder, so the transfers sum to it exactly
 * and each is within a cent of its micro-unit amount. Unmatched revenue is rounded on its own.
 */
export function statementOf(allocations: readonly Allocation[], unmatchedMicro: bigint): Statement {
  const groups = new Map<string, StatementLine>();
  const totals: Totals = {
    revenue: 0n,
    feeCollected: 0n,
    commission: 0n,
    credited: 0n,
    held: 0n,
    unmatched: 0n,
  };
  for (const allocation of allocations) {
    const key = `${allocation.kind} ${allocation.beneficiaryKey} ${allocation.albumId} ${!!allocation.correction}`;
    const line: StatementLine = groups.get(key) ?? {
      kind: allocation.kind,
      beneficiaryKey: allocation.beneficiaryKey,
      albumId: allocation.albumId,
      amountMicro: 0n,
      cents: 0n,
      ...(allocation.correction ? { correction: true } : {}),
    };
    line.amountMicro += allocation.amountMicro;
    if (allocation.splitId) line.splitId = allocation.splitId;
    if (allocation.splitIncome) line.splitIncome = true;
    groups.set(key, line);
    totals.revenue += allocation.amountMicro;
    totals[TOTAL_OF[allocation.kind]] += allocation.amountMicro;
  }
  totals.unmatched = unmatchedMicro;
  const lines = [...groups.values()];
  // Usage lines and correction lines are each rounded once, by largest remainder over their own total (a
  // correction's by magnitude), so the transfers of each sum to it exactly and revenue = usage − corrections.
  const usage = lines.filter((line) => !line.correction);
  const taken = lines.filter((line) => line.correction);
  const usageCents = microToCents(usage.reduce((sum, line) => sum + line.amountMicro, 0n));
  const takenMicro = taken.reduce((sum, line) => sum + line.amountMicro, 0n);
  const takenCents = -microToCents(-takenMicro);
  const usageParts = apportion(
    usageCents,
    usage.map((line) => line.amountMicro),
  );
  const takenParts = apportion(
    -takenCents,
    taken.map((line) => -line.amountMicro),
  );
  const cents: Totals = {
    revenue: usageCents + takenCents,
    feeCollected: 0n,
    commission: 0n,
    credited: 0n,
    held: 0n,
    unmatched: signedCents(unmatchedMicro),
  };
  usage.forEach((line, index) => (line.cents = usageParts[index]!));
  taken.forEach((line, index) => (line.cents = -takenParts[index]!));
  for (const line of lines) cents[TOTAL_OF[line.kind]] += line.cents;
  return { lines, totals, cents, corrections: { micro: takenMicro, cents: takenCents } };
}
