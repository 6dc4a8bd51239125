import { ApiError } from '../../platform/errors.js';
import type { Queryable } from '../../platform/db.js';
import type { ShareRecord, VersionRecord } from './repository.js';

/**
 * The version in force on `day` (YYYY-MM-DD): the highest-numbered one starting on or before it, so a newer version
 * governs from its date on whatever older ones said about the months after it.
 */
export function versionOn<V extends Pick<VersionRecord, 'number' | 'effectiveFrom'>>(
  versions: readonly V[],
  day: string,
): V | undefined {
  let best: V | undefined;
  for (const version of versions)
    if (version.effectiveFrom <= day && (!best || version.number > best.number)) best = version;
  return best;
}

/** The version in force today, or, when none is yet, the one that will be first (the newest of that date). */
export function currentVersionOf<V extends Pick<VersionRecord, 'number' | 'effectiveFrom'>>(
  versions: readonly V[],
  today: string,
): V | undefined {
  const inForce = versionOn(versions, today);
  if (inForce) return inForce;
  const first = [...versions].sort((a, b) =>
    a.effectiveFrom === b.effectiveFrom ? b.number - a.number : a.effectiveFrom < b.effectiveFrom ? -1 : 1,
  )[0];
  return first;
}

/** A participant's shares in one version: release-wide and per track with rows of its own (0 where none). */
export type ParticipantShares = { releaseWide: number; tracks: Map<string, number> };

export function sharesInVersion(shares: readonly ShareRecord[], versionId: string | undefined) {
  const rows = shares.filter((share) => share.versionId === versionId);
  const overridden = new Set(rows.flatMap((row) => (row.trackId ? [row.trackId] : [])));
  const byParticipant = new Map<string, ParticipantShares>();
  for (const row of rows) {
    const entry = byParticipant.get(row.participantId) ?? { releaseWide: 0, tracks: new Map() };
    if (row.trackId) entry.tracks.set(row.trackId, row.basisPoints);
    else entry.releaseWide = row.basisPoints;
    byParticipant.set(row.participantId, entry);
  }
  return { rows, overridden, byParticipant };
}

/** The participant's share of a track in the version: its own rows when the track has some, else release-wide. */
export function shareOfTrack(
  version: ReturnType<typeof sharesInVersion>,
  participantId: string,
  trackId: string,
): number {
  const entry = version.byParticipant.get(participantId);
  if (!entry) return 0;
  return version.overridden.has(trackId) ? (entry.tracks.get(trackId) ?? 0) : entry.releaseWide;
}

export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The first day a new version may take effect: the month after the latest closed (or closing) period, and not
 * before the earliest open one; with no period at all, this month.
 */
export async function nextEffectiveFrom(q: Queryable): Promise<string> {
  const { rows } = await q.query<{
    after_closed: string | null;
    earliest_open: string | null;
    this_month: string;
  }>(
    `SELECT (SELECT (max(month) + interval '1 month')::date::text FROM periods WHERE status <> 'OPEN')
         AS after_closed,
       (SELECT min(month)::text FROM periods WHERE status = 'OPEN') AS earliest_open,
       date_trunc('month', now())::date::text AS this_month`,
  );
  const row = rows[0]!;
  const bounds = [row.after_closed, row.earliest_open].filter((month): month is string => month !== null);
  return bounds.length ? bounds.reduce((a, b) => (a > b ? a : b)) : row.this_month;
}

/** 400 naming `effectiveFrom` unless it is on or after nextEffectiveFrom and its own month is not closed. */
export async function checkEffectiveFrom(q: Queryable, effectiveFrom: string): Promise<void> {
  const earliest = await nextEffectiveFrom(q);
  const { rows } = await q.query<{ status: string }>('SELECT status FROM periods WHERE month = $1', [
    effectiveFrom,
  ]);
  const status = rows[0]?.status;
  if (effectiveFrom >= earliest && (status === undefined || status === 'OPEN')) return;
  const message =
    status && status !== 'OPEN'
      ? `The period of ${effectiveFrom.slice(0, 7)} is ${status.toLowerCase()}: its royalties cannot change`
      : `A new version can take effect from ${earliest} at the earliest`;
  throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: ['body', 'effectiveFrom'], message }]);
}
