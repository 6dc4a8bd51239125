import type { SessionView } from '@tunehouse/shell-contract';

export const ANNOUNCEMENT_SEEN_KEY = 'tunehouse:announcement:royalty-splits:seen';

export interface AnnouncementWindow {
  /** ISO date: only users created before this day see it. */
  usersCreatedBefore: string;
  /** ISO date: not shown on any day after this one. */
  hiddenAfter: string;
}

/**
 * Shown only when the user was created before the cut-off, today is not after the last day, and local
 * storage does not record it as seen. Dates compare as UTC calendar days.
 */
export function shouldAnnounce(
  session: SessionView | null,
  window: AnnouncementWindow,
  now: Date,
  seen: boolean,
): boolean {
  if (seen || !session?.isAuthenticated || !session.user.createdAt) return false;
  const created = Date.parse(session.user.createdAt);
  if (Number.isNaN(created)) return false;
  const endOfLastDay = Date.parse(`${window.hiddenAfter}T23:59:59.999Z`);
  return created < Date.parse(`${window.usersCreatedBefore}T00:00:00Z`) && now.getTime() <= endOfLastDay;
}
