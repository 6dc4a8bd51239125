import {
  BASIS_POINTS_WHOLE,
  MAX_SPLIT_PARTICIPANTS,
  MICRO_UNITS_PER_MINOR_UNIT,
  type FieldIssue,
  type splitPutBodySchema,
} from '@tunehouse/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { newInvite } from './invite-codes.js';
import { reopenInvite } from './invite-repository.js';
import {
  findAlbum,
  liveTracksOf,
  participantsOf,
  recoupmentsOf,
  sharesOf,
  versionsOf,
  type ParticipantRecord,
} from './repository.js';
import {
  accountEmailOf,
  deleteRecoupment,
  insertInvitedParticipant,
  insertShares,
  insertVersion,
  isAlbumDeleted,
  lockSplit,
  ownerRow,
  saveRecoupment,
  setParticipantRole,
  touchSplit,
} from './version-repository.js';
import { checkEffectiveFrom, shareOfTrack, sharesInVersion } from './versions.js';

export type SplitPutInput = z.output<typeof splitPutBodySchema>;

/** An invite made by a PUT: the plain code exists only here, in the answer and in the mail. */
export type NewInvite = {
  participantId: string;
  email: string;
  code: string;
  expiresAt: Date;
  basisPoints: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const albumNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such release');

/** The new version's shares per e-mail address: release-wide and per overridden track (basis points). */
type Planned = { role: string; releaseWide: number; tracks: Map<string, number> };

function plan(input: SplitPutInput): Map<string, Planned> {
  const planned = new Map<string, Planned>();
  const entry = (email: string, role: string) => {
    const found = planned.get(email);
    if (found) return found;
    const created: Planned = { role, releaseWide: 0, tracks: new Map() };
    planned.set(email, created);
    return created;
  };
  for (const participant of input.participants)
    entry(participant.email, participant.role).releaseWide = participant.basisPoints;
  for (const track of input.tracks)
    for (const participant of track.participants)
      entry(participant.email, participant.role).tracks.set(track.trackId, participant.basisPoints);
  return planned;
}

/** Field-path issues of a PUT that the body's schema cannot see: tracks, the owner, the head count, payers. */
function checkBody(
  input: SplitPutInput,
  {
    trackIds,
    ownerEmail,
    planned,
  }: { trackIds: Set<string>; ownerEmail: string; planned: Map<string, Planned> },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const ownerListed = 'this is you: you hold the remainder';
  input.participants.forEach((participant, index) => {
    if (participant.email === ownerEmail)
      issues.push({ path: ['body', 'participants', index, 'email'], message: ownerListed });
  });
  input.tracks.forEach((track, index) => {
    if (!trackIds.has(track.trackId.toLowerCase()))
      issues.push({ path: ['body', 'tracks', index, 'trackId'], message: 'not a track of this release' });
    track.participants.forEach((participant, at) => {
      if (participant.email === ownerEmail)
        issues.push({ path: ['body', 'tracks', index, 'participants', at, 'email'], message: ownerListed });
    });
  });
  if (planned.size + 1 > MAX_SPLIT_PARTICIPANTS)
    issues.push({
      path: ['body', 'participants'],
      message: `at most ${MAX_SPLIT_PARTICIPANTS} people, you included`,
    });
  input.recoupments.forEach((recoupment, index) => {
    if (recoupment.paidByEmail !== null && !planned.has(recoupment.paidByEmail))
      issues.push({
        path: ['body', 'recoupments', index, 'paidByEmail'],
        message: 'the person who paid must be on the split',
      });
  });
  return issues;
}

function refuse(issues: FieldIssue[]): void {
  if (issues.length === 0) return;
  throw new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues);
}

/** Whether a participant's shares (release-wide and on every track) differ between two versions' plans. */
function sharesChanged(
  before: ReturnType<typeof sharesInVersion>,
  participantId: string,
  after: Planned,
  overriddenAfter: Set<string>,
  tracks: Iterable<string>,
): boolean {
  const previous = before.byParticipant.get(participantId);
  if (!previous) return true;
  if (previous.releaseWide !== after.releaseWide) return true;
  for (const trackId of tracks) {
    const was = shareOfTrack(before, participantId, trackId);
    const is = overriddenAfter.has(trackId) ? (after.tracks.get(trackId) ?? 0) : after.releaseWide;
    if (was !== is) return true;
  }
  return false;
}

/** A fresh invite for a participant: PENDING, a new round (so the next answer is a new ledger movement). */
async function invite(
  tx: Queryable,
  participant: { id: string; email: string },
  basisPoints: number,
  now: Date,
): Promise<NewInvite> {
  const fresh = newInvite(now);
  await reopenInvite(tx, participant.id, fresh);
  return {
    participantId: participant.id,
    email: participant.email,
    code: fresh.code,
    expiresAt: fresh.expiresAt,
    basisPoints,
  };
}

async function saveRecoupments(
  tx: Queryable,
  splitId: string,
  input: SplitPutInput['recoupments'],
  payerOf: (email: string | null) => string,
): Promise<void> {
  const existing = new Map((await recoupmentsOf(tx, splitId)).map((row) => [row.id, row]));
  const issues: FieldIssue[] = [];
  const kept = new Set<string>();
  input.forEach((recoupment, index) => {
    if (recoupment.id === undefined) return;
    const found = existing.get(recoupment.id);
    if (!found)
      issues.push({ path: ['body', 'recoupments', index, 'id'], message: 'not a recoupment of this split' });
    else if (BigInt(recoupment.amount) * BigInt(MICRO_UNITS_PER_MINOR_UNIT) < found.repaidMicro)
      issues.push({
        path: ['body', 'recoupments', index, 'amount'],
        message: 'less than what was already repaid',
      });
    kept.add(recoupment.id);
  });
  for (const [id, found] of existing)
    if (!kept.has(id) && found.repaidMicro > 0n)
      issues.push({
        path: ['body', 'recoupments'],
        message: `"${found.label}" is partly repaid: keep it (lower its amount to stop it)`,
      });
  refuse(issues);
  for (const [id] of existing) if (!kept.has(id)) await deleteRecoupment(tx, id);
  for (const recoupment of input)
    await saveRecoupment(tx, splitId, {
      id: recoupment.id,
      label: recoupment.label,
      payerId: payerOf(recoupment.paidByEmail),
      amountCents: recoupment.amount,
    });
}

/**
 * Writes a new version of the album's split from `effectiveFrom` (inside the caller's transaction): validates it,
 * creates the split and the owner's row on first use, keeps the status of every participant whose shares did not
 * change, re-invites (PENDING, fresh code) new and changed ones, and saves the recoupments. Answers the split id
 * and the invites made; mailing them is the caller's part.
 */
export async function saveSplit(
  tx: Queryable,
  { albumId, accountId, input, now }: { albumId: string; accountId: string; input: SplitPutInput; now: Date },
): Promise<{ splitId: string; invites: NewInvite[] }> {
  const id = albumId.toLowerCase();
  const album = UUID.test(id) ? await findAlbum(tx, id) : null;
  if (!album || album.accountId !== accountId) throw albumNotFound();
  if (await isAlbumDeleted(tx, id))
    throw new ApiError(409, 'CONFLICT', 'The release was taken down: its split is closed');
  const ownerEmail = await accountEmailOf(tx, accountId);
  const liveTracks = await liveTracksOf(tx, id);
  const trackIds = new Set(liveTracks.map((track) => track.id));
  const planned = plan(input);
  refuse(checkBody(input, { trackIds, ownerEmail, planned }));
  await checkEffectiveFrom(tx, input.effectiveFrom);

  const splitId = await lockSplit(tx, id, accountId);
  const ownerId = await ownerRow(tx, splitId, { accountId, email: ownerEmail });
  const versions = await versionsOf(tx, splitId);
  const latest = versions[0];
  const before = sharesInVersion(latest ? await sharesOf(tx, [latest.id]) : [], latest?.id);
  const overriddenAfter = new Set(input.tracks.map((track) => track.trackId.toLowerCase()));
  const compared = new Set([...trackIds, ...before.overridden, ...overriddenAfter]);

  const existing = new Map<string, ParticipantRecord>(
    (await participantsOf(tx, splitId)).filter((row) => !row.isOwner).map((row) => [row.email, row]),
  );
  const invites: NewInvite[] = [];
  const idOf = new Map<string, string>();
  for (const [email, wanted] of planned) {
    const offered = Math.max(wanted.releaseWide, ...wanted.tracks.values());
    const found = existing.get(email);
    if (found) {
      idOf.set(email, found.id);
      if (found.role !== wanted.role) await setParticipantRole(tx, found.id, wanted.role);
      if (sharesChanged(before, found.id, wanted, overriddenAfter, compared))
        invites.push(await invite(tx, found, offered, now));
      continue;
    }
    const fresh = newInvite(now);
    const participantId = await insertInvitedParticipant(tx, splitId, { email, role: wanted.role }, fresh);
    idOf.set(email, participantId);
    invites.push({
      participantId,
      email,
      code: fresh.code,
      expiresAt: fresh.expiresAt,
      basisPoints: offered,
    });
  }

  const number = (latest?.number ?? 0) + 1;
  const versionId = await insertVersion(tx, splitId, { number, effectiveFrom: input.effectiveFrom });
  const shareRows: { participantId: string; trackId: string | null; basisPoints: number }[] = [];
  const addList = (trackId: string | null, list: readonly { email: string; basisPoints: number }[]) => {
    const others = list.reduce((sum, participant) => sum + participant.basisPoints, 0);
    shareRows.push({ participantId: ownerId, trackId, basisPoints: BASIS_POINTS_WHOLE - others });
    for (const participant of list)
      shareRows.push({
        participantId: idOf.get(participant.email)!,
        trackId,
        basisPoints: participant.basisPoints,
      });
  };
  addList(null, input.participants);
  for (const track of input.tracks) addList(track.trackId.toLowerCase(), track.participants);
  await insertShares(tx, versionId, shareRows);

  await saveRecoupments(tx, splitId, input.recoupments, (email) =>
    email === null ? ownerId : idOf.get(email)!,
  );
  await touchSplit(tx, splitId);
  return { splitId, invites };
}
