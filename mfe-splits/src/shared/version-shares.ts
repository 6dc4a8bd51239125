import type { Split, SplitVersion } from '@tunehouse/contracts';
import { remainderOf } from './percent.js';

export interface ShareLine {
  participantId: string;
  basisPoints: number;
}

/** The version in force (or the first one, when none is in force yet). */
export const currentVersionOf = (split: Split): SplitVersion | undefined =>
  split.versions.find((version) => version.number === split.currentVersion) ?? split.versions.at(-1);

/** The tracks a version gives shares of their own. */
export const overriddenTracks = (version: SplitVersion): Set<string> =>
  new Set(version.shares.flatMap((share) => (share.trackId === null ? [] : [share.trackId])));

/**
 * Who gets what of a track (or of the release, `trackId` null) in a version: the track's own shares when it has
 * them, else the release-wide ones. The owner holds whatever the others do not, so when the answer leaves the
 * owner out, the owner's line is that remainder.
 */
export function versionShares(split: Split, version: SplitVersion, trackId: string | null): ShareLine[] {
  const own = version.shares.filter((share) => share.trackId === trackId);
  const listed =
    trackId !== null && own.length === 0 ? version.shares.filter((share) => share.trackId === null) : own;
  const lines = listed.map(({ participantId, basisPoints }) => ({ participantId, basisPoints }));
  const owner = split.participants.find((participant) => participant.isOwner);
  if (owner && !lines.some((line) => line.participantId === owner.id))
    lines.unshift({
      participantId: owner.id,
      basisPoints: remainderOf(lines.map((line) => line.basisPoints)),
    });
  return lines;
}
