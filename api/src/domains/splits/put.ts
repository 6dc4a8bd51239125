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
import {
  findAlbum,
  liveTracksOf,
  participantsOf,
  recoupmentsOf,
  sharesOf,
  versionsOf,
  type ParticipantRecord,
} from './repository.js';
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

async function lockSplit(tx: Queryable, albumId: string, ownerAccountId: string): Promise<string> {
  await tx.query(
    `INSERT INTO splits (album_id, owner_account_id) VALUES ($1, $2) ON CONFLICT (album_id) DO NOTHING`,
    [albumId, ownerAccountId],
  );
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM splits WHERE album_id = $1 FOR UPDATE', [
    albumId,
  ]);
  return rows[0]!.id;
}

async function ownerRow(
  tx: Queryable,
  splitId: string,
  owner: { accountId: string; email: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM split_participants WHERE split_id = $1 AND is_owner',
    [splitId],
  );
  if (rows[0]) return rows[0].id;
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO split_participants (split_id, email, role, is_owner, account_id, status)
     VALUES ($1, $2, 'Owner', true, $3, 'ACCEPTED') RETURNING id`,
    [splitId, owner.email, owner.accountId],
  );
  return inserted.rows[0]!.id;
}

/** A fresh invite for a participant: PENDING, a new round (so the next answer is a new ledger movement). */
async function invite(
  tx: Queryable,
  participant: { id: string; email: string },
  basisPoints: number,
  now: Date,
): Promise<NewInvite> {
  const fresh = newInvite(now);
  await tx.query(
    `UPDATE split_participants SET status = 'PENDING', invite_hash = $2, invite_expires_at = $3,
       invite_round = invite_round + 1, answer_key = NULL, answer_action = NULL, answer_released = NULL,
       answered_at = NULL, updated_at = now()
     WHERE id = $1`,
    [participant.id, fresh.hash, fresh.expiresAt],
  );
  return {
    participantId: participant.id,
    email: participant.email,
    code: fresh.code,
    expiresAt: fresh.expiresAt,
    basisPoints,
  };
}

async function insertShares(
  tx: Queryable,
  versionId: string,
  rows: { participantId: string; trackId: string | null; basisPoints: number }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO split_shares (version_id, participant_id, track_id, basis_points)
     SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::int[])`,
    [
      versionId,
      rows.map((row) => row.participantId),
      rows.map((row) => row.trackId),
      rows.map((row) => row.basisPoints),
    ],
  );
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
  for (const [id] of existing)
    if (!kept.has(id)) await tx.query('DELETE FROM split_recoupments WHERE id = $1', [id]);
  for (const recoupment of input) {
    const payer = payerOf(recoupment.paidByEmail);
    if (recoupment.id)
      await tx.query(
        `UPDATE split_recoupments SET label = $2, paid_by_participant_id = $3, amount_cents = $4 WHERE id = $1`,
        [recoupment.id, recoupment.label, payer, recoupment.amount],
      );
    else
      await tx.query(
        `INSERT INTO split_recoupments (split_id, label, paid_by_participant_id, amount_cents)
         VALUES ($1, $2, $3, $4)`,
        [splitId, recoupment.label, payer, recoupment.amount],
      );
  }
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
  const { rows: deleted } = await tx.query<{ gone: boolean }>(
    'SELECT deleted_at IS NOT NULL AS gone FROM albums WHERE id = $1',
    [id],
  );
  if (deleted[0]?.gone)
    throw new ApiError(409, 'CONFLICT', 'The release was taken down: its split is closed');
  const { rows: users } = await tx.query<{ email: string }>('SELECT email FROM users WHERE account_id = $1', [
    accountId,
  ]);
  const ownerEmail = users[0]?.email ?? '';
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
      if (found.role !== wanted.role)
        await tx.query('UPDATE split_participants SET role = $2, updated_at = now() WHERE id = $1', [
          found.id,
          wanted.role,
        ]);
      if (sharesChanged(before, found.id, wanted, overriddenAfter, compared))
        invites.push(await invite(tx, found, offered, now));
      continue;
    }
    const fresh = newInvite(now);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO split_participants (split_id, email, role, status, invite_hash, invite_expires_at, invite_round)
       VALUES ($1, $2, $3, 'PENDING', $4, $5, 1) RETURNING id`,
      [splitId, email, wanted.role, fresh.hash, fresh.expiresAt],
    );
    const participantId = rows[0]!.id;
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
  const { rows: version } = await tx.query<{ id: string }>(
    `INSERT INTO split_versions (split_id, number, effective_from) VALUES ($1, $2, $3) RETURNING id`,
    [splitId, number, input.effectiveFrom],
  );
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
  await insertShares(tx, version[0]!.id, shareRows);

  await saveRecoupments(tx, splitId, input.recoupments, (email) =>
    email === null ? ownerId : idOf.get(email)!,
  );
  await tx.query('UPDATE splits SET updated_at = now() WHERE id = $1', [splitId]);
  return { splitId, invites };
}
