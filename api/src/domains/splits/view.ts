import {
  releaseTitle,
  type Split,
  type SplitAlbumRef,
  type SplitParticipant,
  type SplitSummary,
} from '@tunehouse/contracts';
import { MICRO_PER_CENT } from '../ledger/index.js';
import { imageFileUrl } from '../media/index.js';
import type { AlbumRecord, SplitData, TrackRecord } from './repository.js';
import { currentVersionOf, sharesInVersion } from './versions.js';

export type ViewContext = {
  viewerAccountId: string;
  origin: string;
  today: string;
  nextEffectiveFrom: string;
  money: ReadonlyMap<string, { held: number; credited: number }>;
  earningsByPeriod: Split['earningsByPeriod'];
  /** Addresses that asked the owner for no more invite mails (empty for anyone but the owner). */
  optedOut: ReadonlySet<string>;
};

export function albumRefOf(album: AlbumRecord, artistName: string | null, origin: string): SplitAlbumRef {
  return {
    id: album.id,
    title: releaseTitle({ title: album.title, version: album.version }),
    artistName,
    coverUrl:
      album.artworkId && album.thumbnail ? imageFileUrl(origin, album.artworkId, album.thumbnail.file) : null,
  };
}

export function trackRefOf(track: TrackRecord) {
  return {
    id: track.id,
    title: track.title?.trim() || 'Untitled track',
    position: Math.max(1, track.position),
  };
}

/** Micro-units repaid, in cents (half up), never above the amount. */
function repaidCents(repaidMicro: bigint, amountCents: number): number {
  const cents = Number((repaidMicro + MICRO_PER_CENT / 2n) / MICRO_PER_CENT);
  return Math.min(cents, amountCents);
}

/**
 * The split as the viewer may see it: the owner sees every e-mail address, another participant only their own.
 * Earnings are what the split credited to a participant's wallet plus what it holds for them now.
 */
export function toSplit(data: SplitData, context: ViewContext): Split {
  const { split, participants, versions, shares } = data;
  const isOwner = split.ownerAccountId === context.viewerAccountId;
  const current = currentVersionOf(versions, context.today);
  const inCurrent = sharesInVersion(shares, current?.id);
  const toParticipant = (participant: (typeof participants)[number]): SplitParticipant => {
    const money = context.money.get(participant.id) ?? { held: 0, credited: 0 };
    const isViewer = participant.accountId !== null && participant.accountId === context.viewerAccountId;
    const pending = participant.status === 'PENDING';
    return {
      id: participant.id,
      isOwner: participant.isOwner,
      name: participant.name,
      email: isOwner || isViewer ? participant.email : null,
      role: participant.role,
      status: participant.status,
      basisPoints: inCurrent.byParticipant.get(participant.id)?.releaseWide ?? 0,
      earnings: money.credited + money.held,
      held: money.held,
      inviteExpiresAt: pending ? (participant.inviteExpiresAt?.toISOString() ?? null) : null,
      isViewer,
      invitesOptedOut: isOwner && pending && context.optedOut.has(participant.email.toLowerCase()),
    };
  };
  return {
    id: split.id,
    album: albumRefOf(data.album, data.artistName, context.origin),
    tracks: data.tracks.map(trackRefOf),
    viewerRole: isOwner ? 'OWNER' : 'PARTICIPANT',
    participants: participants.map(toParticipant),
    currentVersion: current?.number ?? 1,
    versions: versions.map((version) => ({
      number: version.number,
      effectiveFrom: version.effectiveFrom,
      createdAt: version.createdAt.toISOString(),
      shares: shares
        .filter((share) => share.versionId === version.id)
        .map((share) => ({
          participantId: share.participantId,
          trackId: share.trackId,
          basisPoints: share.basisPoints,
        })),
    })),
    recoupments: data.recoupments.map((recoupment) => ({
      id: recoupment.id,
      label: recoupment.label,
      paidByParticipantId: recoupment.paidByParticipantId,
      amount: recoupment.amountCents,
      repaid: repaidCents(recoupment.repaidMicro, recoupment.amountCents),
    })),
    earningsByPeriod: context.earningsByPeriod,
    nextEffectiveFrom: context.nextEffectiveFrom,
  };
}

/** A row of the viewer's list of splits, from the full view. */
export function toSummary(view: Split): SplitSummary {
  const viewer = view.participants.find((participant) => participant.isViewer);
  const current = view.versions.find((version) => version.number === view.currentVersion);
  const inCurrent = new Set(current?.shares.map((share) => share.participantId));
  const listed = view.participants.filter((participant) => inCurrent.has(participant.id));
  return {
    id: view.id,
    album: view.album,
    viewerRole: view.viewerRole,
    viewerBasisPoints: viewer?.basisPoints ?? 0,
    viewerStatus: viewer?.status ?? 'ACCEPTED',
    viewerEarnings: viewer?.earnings ?? 0,
    participantCount: Math.max(1, listed.length),
    pendingCount: listed.filter((participant) => !participant.isOwner && participant.status === 'PENDING')
      .length,
    effectiveFrom: current?.effectiveFrom ?? view.nextEffectiveFrom,
  };
}
