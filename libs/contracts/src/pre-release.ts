/**
 * Pre-release (docs/decisions/0066-the-last-spec-rules.md). A platform may take a release in — and say it is live
 * there — well before its release date; the release is out only on that date. Until then it is pre-release: the
 * platform's LIVE is answered as ACCEPTED (taken in, not out yet) with `liveOn`, the release date, and the album's
 * LIVE likewise; from that day on LIVE. Days are UTC days, the release date being a calendar date without a zone.
 */

/** Today as the calendar date `YYYY-MM-DD` (UTC). */
export const utcDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The release date while it is still ahead (the release is pre-release until then), else null. */
export function preReleaseUntil(
  releaseDate: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!releaseDate) return null;
  const day = releaseDate.slice(0, 10);
  return day > utcDay(now) ? day : null;
}

/** A stored status as of `now`: LIVE before the release date becomes ACCEPTED with the date it goes live. */
export function statusAsOf<S extends string>(
  status: S,
  releaseDate: string | null | undefined,
  now: Date = new Date(),
): { status: S | 'ACCEPTED'; liveOn: string | null } {
  const liveOn = status === 'LIVE' ? preReleaseUntil(releaseDate, now) : null;
  return liveOn ? { status: 'ACCEPTED', liveOn } : { status, liveOn: null };
}
