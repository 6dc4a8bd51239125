import type { SplitParticipantStatus } from '@tunehouse/contracts';
import { apportion, heldKey, walletKey } from '../ledger/index.js';

/** A participant as the allocation sees them: where their money goes depends on their answer. */
export type Beneficiary = {
  id: string;
  status: SplitParticipantStatus;
  accountId: string | null;
};

/**
 * Where a participant's part goes: ACCEPTED to their wallet; PENDING to `held:<participant id>` until they answer;
 * DECLINED and REVOKED (and an ACCEPTED row with no account, which cannot happen) to the owner's wallet.
 */
export function beneficiaryKeyOf(participant: Beneficiary, ownerKey: string): string {
  if (participant.status === 'ACCEPTED' && participant.accountId) return walletKey(participant.accountId);
  if (participant.status === 'PENDING') return heldKey(participant.id);
  return ownerKey;
}

/** A cost still to be repaid: what is left of it in micro-units, and who paid it. */
export type OutstandingRecoupment = { id: string; payer: Beneficiary; outstandingMicro: bigint };

export type DivisionInput = {
  amountMicro: bigint;
  /** The owner's wallet: the fallback beneficiary. */
  ownerKey: string;
  /** The version's shares for the track (its own rows, or the release-wide ones), owner's remainder included. */
  shares: readonly { participant: Beneficiary; basisPoints: number }[];
  /** Outstanding recoupments in the order they are repaid (creation order). */
  recoupments: readonly OutstandingRecoupment[];
};

export type Division = {
  parts: { beneficiaryKey: string; amountMicro: bigint }[];
  /** Micro-units repaid to each recoupment by this division. */
  repaid: { id: string; amountMicro: bigint }[];
};

/**
 * Divides one track's owner share: recoupments first (each takes what is left of it, up to what remains of the
 * share), then the rest by basis points with largest remainder in micro-units, so the parts sum to the share
 * exactly and each differs from its exact share by less than one micro-unit.
 */
export function divideOwnerShare({ amountMicro, ownerKey, shares, recoupments }: DivisionInput): Division {
  const parts: Division['parts'] = [];
  const repaid: Division['repaid'] = [];
  let rest = amountMicro;
  for (const recoupment of recoupments) {
    if (rest === 0n) break;
    const take = recoupment.outstandingMicro < rest ? recoupment.outstandingMicro : rest;
    if (take <= 0n) continue;
    parts.push({ beneficiaryKey: beneficiaryKeyOf(recoupment.payer, ownerKey), amountMicro: take });
    repaid.push({ id: recoupment.id, amountMicro: take });
    rest -= take;
  }
  const weights = shares.map((share) => BigInt(share.basisPoints));
  if (weights.every((weight) => weight === 0n)) {
    // No shares at all (cannot happen with an owner row): everything left is the owner's.
    if (rest > 0n) parts.push({ beneficiaryKey: ownerKey, amountMicro: rest });
    return { parts, repaid };
  }
  apportion(rest, weights).forEach((amount, index) => {
    parts.push({
      beneficiaryKey: beneficiaryKeyOf(shares[index]!.participant, ownerKey),
      amountMicro: amount,
    });
  });
  return { parts, repaid };
}
