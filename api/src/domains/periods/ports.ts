import type { Queryable } from '../../platform/db.js';
import { walletKey } from '../ledger/index.js';

/**
 * What the close needs from licensing (handed over in the composition root, app.ts): the plan share of an album's licence (basis points the owner keeps) and
 * the distribution fee collected from a track's royalties, inside the close's transaction.
 */
export type LicensingPort = {
  licenceForAlbum(q: Queryable, albumId: string): Promise<{ share: number } | null>;
  collectFeeFromRoyalties(
    q: Queryable,
    input: {
      albumId: string;
      periodId: string;
      streams: number;
      revenueMicro: bigint;
      bookedAt?: Date | undefined;
    },
  ): Promise<{ streamsCollected: number; royaltyCollectedMicro: number }>;
};

/** Without licensing: no fee collected, and every album under the given share. */
export function noLicensing(share: number): LicensingPort {
  return {
    licenceForAlbum: () => Promise.resolve({ share }),
    collectFeeFromRoyalties: () => Promise.resolve({ streamsCollected: 0, royaltyCollectedMicro: 0 }),
  };
}

/** A track's owner share in a period: what the splits seam divides among beneficiaries. */
export type OwnerShare = {
  periodId: string;
  trackId: string;
  albumId: string;
  ownerAccountId: string;
  /** The usage days of the track's revenue in the period (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  streams: number;
  amountMicro: bigint;
};

/**
 * A part of an owner share: `wallet:<accountId>` (credited) or `held:<id>` (kept for someone yet to accept).
 * `splitId` names the split that divided it: the close's transfers carry it, so earnings per split can be read
 * from the ledger.
 */
export type ShareAllocation = { beneficiaryKey: string; amountMicro: bigint; splitId?: string };

/**
 * The splits seam: divides a track's owner share among its split participants by their shares at the time of the
 * usage. The parts must sum to `amountMicro` exactly (the close refuses otherwise).
 */
export type SplitsPort = {
  allocateOwnerShare(q: Queryable, share: OwnerShare): Promise<ShareAllocation[]>;
  /**
   * Optional: the port for one close's transaction `q`, which may keep what it read (and locked) there for the
   * close's later tracks, so an album's split is read once rather than once per track.
   */
  inTransaction?(q: Queryable): SplitsPort;
};

/** No division: the owner's wallet takes the whole share (tests, and the benchmark's baseline without splits). */
export const ownerTakesAll: SplitsPort = {
  allocateOwnerShare: (_q, share) =>
    Promise.resolve([{ beneficiaryKey: walletKey(share.ownerAccountId), amountMicro: share.amountMicro }]),
};
