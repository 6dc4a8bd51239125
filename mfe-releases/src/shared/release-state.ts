import type { Album } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';

/**
 * Where a release stands for its owner, from its content status and its review status together
 * (docs/decisions/0034-release-states.md): a draft; published and waiting for content review; turned down by the
 * review; accepted and on its way to the platforms; taken in by a platform before its release date (pre-release,
 * out on `liveOn`, decision 0066); live on at least one; changed since then (the changes not sent yet); or taken
 * down.
 */
export type ReleaseState =
  'DRAFT' | 'IN_REVIEW' | 'REJECTED' | 'DELIVERING' | 'PRE_RELEASE' | 'LIVE' | 'CHANGED' | 'TAKEN_DOWN';

export function releaseState(
  album: Pick<Album, 'status' | 'reviewStatus' | 'deletedAt' | 'liveOn'>,
): ReleaseState {
  if (album.deletedAt) return 'TAKEN_DOWN';
  const status = album.status ?? 'DRAFT';
  if (status === 'DRAFT') return 'DRAFT';
  if (album.reviewStatus === 'SUBMITTED') return 'IN_REVIEW';
  if (album.reviewStatus === 'REJECTED') return 'REJECTED';
  if (status === 'EDITED') return 'CHANGED';
  if (album.reviewStatus === 'ACCEPTED' && album.liveOn) return 'PRE_RELEASE';
  return album.reviewStatus === 'LIVE' ? 'LIVE' : 'DELIVERING';
}

export const RELEASE_STATE_NAMES: Readonly<Record<ReleaseState, string>> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  REJECTED: 'Needs changes',
  DELIVERING: 'Delivering',
  PRE_RELEASE: 'Pre-release',
  LIVE: 'Live',
  CHANGED: 'Changes not sent',
  TAKEN_DOWN: 'Taken down',
};

/** Badge colours; each keeps white text at 4.5:1 or more. */
export const RELEASE_STATE_COLORS: Readonly<Record<ReleaseState, string>> = {
  DRAFT: colors.muted,
  IN_REVIEW: colors.info,
  REJECTED: colors.danger,
  DELIVERING: colors.primary,
  PRE_RELEASE: colors.info,
  LIVE: colors.success,
  // A darker amber than colors.warn, which is too light under white text.
  CHANGED: '#8a5700',
  TAKEN_DOWN: colors.inkSoft,
};

/** Whether publishing is the next move: a draft, a release the review turned down, or changes to send. */
export function canPublish(album: Pick<Album, 'status' | 'reviewStatus' | 'deletedAt' | 'liveOn'>): boolean {
  const state = releaseState(album);
  return state === 'DRAFT' || state === 'REJECTED' || state === 'CHANGED';
}

/** Whether the release was published before (so publishing again sends changes). */
export const wasPublished = (album: Pick<Album, 'status'>) =>
  album.status === 'PUBLISHED' || album.status === 'EDITED';
