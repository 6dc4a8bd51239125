import type { ContentStatus, DeliveryAction, Platform } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import type { PlatformStateRecord, PlatformStatus, StoredReviewStatus } from './repository.js';

/**
 * The release state machine (docs/decisions/0034-release-states.md): one table of every legal move. A state is the
 * content status and the review status together; an album that is taken down (deletedAt) makes no further move.
 */
export type ReleaseState = { status: ContentStatus; reviewStatus: StoredReviewStatus };
export type ReleaseEvent = 'edit' | 'publish' | 'accept' | 'reject' | 'goLive' | 'takedown';

type Transition = {
  event: ReleaseEvent;
  from: { status: readonly ContentStatus[]; reviewStatus: readonly StoredReviewStatus[] };
  /** What changes; a missing part stays as it was. */
  to: Partial<ReleaseState>;
  /** The hand-off to delivery this move makes, if any. */
  delivery?: 'deliver' | 'takedown';
};

const ANY_CONTENT = ['DRAFT', 'PUBLISHED', 'EDITED'] as const;
const ANY_REVIEW = ['PENDING', 'SUBMITTED', 'REJECTED', 'ACCEPTED', 'LIVE'] as const;

export const RELEASE_TRANSITIONS: readonly Transition[] = [
  // Editing: a draft stays a draft; a published release becomes EDITED. Locked while under review.
  { event: 'edit', from: { status: ['DRAFT'], reviewStatus: ['PENDING'] }, to: { status: 'DRAFT' } },
  {
    event: 'edit',
    from: { status: ['PUBLISHED', 'EDITED'], reviewStatus: ['REJECTED', 'ACCEPTED', 'LIVE'] },
    to: { status: 'EDITED' },
  },
  // Publishing submits for content review: a draft, a rejected release, or changes to an accepted or live one.
  {
    event: 'publish',
    from: { status: ['DRAFT'], reviewStatus: ['PENDING'] },
    to: { status: 'PUBLISHED', reviewStatus: 'SUBMITTED' },
  },
  {
    event: 'publish',
    from: { status: ['PUBLISHED', 'EDITED'], reviewStatus: ['REJECTED'] },
    to: { status: 'PUBLISHED', reviewStatus: 'SUBMITTED' },
  },
  {
    event: 'publish',
    from: { status: ['EDITED'], reviewStatus: ['ACCEPTED', 'LIVE'] },
    to: { status: 'PUBLISHED', reviewStatus: 'SUBMITTED' },
  },
  // Content review (an admin, or automatic acceptance).
  {
    event: 'accept',
    from: { status: ['PUBLISHED'], reviewStatus: ['SUBMITTED'] },
    to: { reviewStatus: 'ACCEPTED' },
    delivery: 'deliver',
  },
  {
    event: 'reject',
    from: { status: ['PUBLISHED'], reviewStatus: ['SUBMITTED'] },
    to: { reviewStatus: 'REJECTED' },
  },
  // Delivery reports the release live on a first platform.
  {
    event: 'goLive',
    from: { status: ['PUBLISHED', 'EDITED'], reviewStatus: ['ACCEPTED'] },
    to: { reviewStatus: 'LIVE' },
  },
  // A takedown: from anywhere; what was delivered is taken down.
  {
    event: 'takedown',
    from: { status: ANY_CONTENT, reviewStatus: ANY_REVIEW },
    to: {},
    delivery: 'takedown',
  },
];

const EVENT_NAMES: Record<ReleaseEvent, string> = {
  edit: 'changed',
  publish: 'published',
  accept: 'accepted',
  reject: 'rejected',
  goLive: 'marked live',
  takedown: 'taken down',
};

export function findTransition(state: ReleaseState & { deletedAt: Date | null }, event: ReleaseEvent) {
  if (state.deletedAt) return null;
  return (
    RELEASE_TRANSITIONS.find(
      (transition) =>
        transition.event === event &&
        transition.from.status.includes(state.status) &&
        transition.from.reviewStatus.includes(state.reviewStatus),
    ) ?? null
  );
}

/** The move `event` makes from `state`, or 409 CONFLICT saying why it is not allowed. */
export function transition(state: ReleaseState & { deletedAt: Date | null }, event: ReleaseEvent) {
  const found = findTransition(state, event);
  if (!found) {
    const where = state.deletedAt
      ? 'it has been taken down'
      : state.reviewStatus === 'SUBMITTED' && event === 'edit'
        ? 'it is waiting for content review'
        : `it is ${state.status} with review status ${state.reviewStatus}`;
    throw new ApiError(409, 'CONFLICT', `This release cannot be ${EVENT_NAMES[event]} now: ${where}`);
  }
  return {
    next: {
      status: found.to.status ?? state.status,
      reviewStatus: found.to.reviewStatus ?? state.reviewStatus,
    } satisfies ReleaseState,
    delivery: found.delivery,
  };
}

// -----------------------------------------------------------------------------------------------------------------
// Per platform: `pending` is the delivery under way, `current` the last one finished.

/**
 * The statuses a pending delivery moves through as the platform reports: PENDING (handed to delivery) →
 * SUBMITTED (sent to the platform) → ACCEPTED or REJECTED; ACCEPTED → LIVE for a delivery or an update.
 */
export const PLATFORM_TRANSITIONS: Readonly<Record<PlatformStatus, readonly PlatformStatus[]>> = {
  PENDING: ['SUBMITTED', 'ACCEPTED', 'REJECTED', 'LIVE'],
  SUBMITTED: ['ACCEPTED', 'REJECTED', 'LIVE'],
  ACCEPTED: ['LIVE'],
  REJECTED: [],
  LIVE: [],
};

/** A pending delivery is finished (it becomes `current`) at these statuses. */
export function isFinal(action: DeliveryAction, status: PlatformStatus): boolean {
  if (status === 'REJECTED') return true;
  return action === 'TAKEDOWN' ? status === 'ACCEPTED' || status === 'LIVE' : status === 'LIVE';
}

/** Whether the platform carries (or is being sent) the release: it has to be updated or taken down, not delivered. */
export function isOnPlatform(state: PlatformStateRecord | undefined): boolean {
  if (!state) return false;
  if (state.pending) return state.pending.action !== 'TAKEDOWN';
  return state.current !== null && state.current.action !== 'TAKEDOWN' && state.current.status !== 'REJECTED';
}

/**
 * The hand-offs an accepted release makes: DELIVER to the chosen platforms that do not carry it, UPDATE to those
 * that do, TAKEDOWN from those no longer chosen. Answers the new per-platform states and the platforms per action.
 */
export function planDelivery(
  chosen: readonly Platform[],
  states: readonly PlatformStateRecord[],
  kind: 'deliver' | 'takedown',
): { states: PlatformStateRecord[]; actions: Partial<Record<DeliveryAction, Platform[]>> } {
  const byPlatform = new Map(states.map((state) => [state.platform, state]));
  const platforms = new Set<Platform>([...chosen, ...byPlatform.keys()]);
  const changed: PlatformStateRecord[] = [];
  const actions: Partial<Record<DeliveryAction, Platform[]>> = {};
  for (const platform of platforms) {
    const state = byPlatform.get(platform);
    const onPlatform = isOnPlatform(state);
    const leaving = kind === 'takedown' || !chosen.includes(platform);
    const action: DeliveryAction | null = leaving
      ? onPlatform
        ? 'TAKEDOWN'
        : null
      : onPlatform
        ? 'UPDATE'
        : 'DELIVER';
    if (!action) continue;
    changed.push({
      platform,
      current: state?.current ?? null,
      pending: { status: 'PENDING', action },
    });
    (actions[action] ??= []).push(platform);
  }
  return { states: changed, actions };
}
