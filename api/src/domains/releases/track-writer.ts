import type { ArtistRole, ContributorInput, CreditRole, FieldIssue, TrackInput } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { deleteAudioFile } from '../media/index.js';
import { duplicateIdentifier } from './identifiers.js';
import { ownedIds } from './repository.js';
import {
  findTrack,
  insertTrack,
  replaceTrackArtists,
  replaceTrackContributors,
  setTrackAudio,
  type TrackFields,
  updateTrackFields,
} from './track-repository.js';

type Path = FieldIssue['path'];
/** The writable fields of a track request (album form, create, update). */
export type TrackWrite = Omit<Partial<TrackInput>, 'id' | 'index'>;

const invalid = (issues: FieldIssue[]) =>
  new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', issues);

/** The artist credits of a request, each one of the account's artists (400 naming the entry otherwise). */
export async function checkArtists(
  q: Queryable,
  accountId: string,
  artists: { id: string | number; role: ArtistRole }[],
  path: Path,
): Promise<{ id: string; role: ArtistRole }[]> {
  const ids = artists.map((artist) => String(artist.id).toLowerCase());
  const owned = await ownedIds(q, 'artists', accountId, ids);
  const issues = ids.flatMap((id, index) =>
    owned.has(id) ? [] : [{ path: [...path, index, 'id'], message: 'No such artist' }],
  );
  if (issues.length) throw invalid(issues);
  return artists.map((artist, index) => ({ id: ids[index]!, role: artist.role }));
}

/** Contributor credits: existing contributors by id (the account's), new ones created from their name. */
async function resolveContributors(
  q: Queryable,
  accountId: string,
  contributors: ContributorInput[],
  path: Path,
): Promise<{ id: string; role: CreditRole }[]> {
  const ids = contributors.flatMap((c) => (c.id !== undefined ? [String(c.id).toLowerCase()] : []));
  const owned = await ownedIds(q, 'contributors', accountId, ids);
  const issues = contributors.flatMap((c, index) =>
    c.id !== undefined && !owned.has(String(c.id).toLowerCase())
      ? [{ path: [...path, index, 'id'], message: 'No such contributor' }]
      : [],
  );
  if (issues.length) throw invalid(issues);
  const resolved: { id: string; role: CreditRole }[] = [];
  for (const contributor of contributors) {
    if (contributor.id !== undefined) {
      resolved.push({ id: String(contributor.id).toLowerCase(), role: contributor.role });
      continue;
    }
    const { rows } = await q.query<{ id: string }>(
      'INSERT INTO contributors (account_id, name, role, publisher) VALUES ($1, $2, $3, $4) RETURNING id',
      [accountId, contributor.name, contributor.role, contributor.publisher ?? null],
    );
    resolved.push({ id: rows[0]!.id, role: contributor.role });
  }
  return resolved;
}

function fieldsOf(input: TrackWrite): TrackFields {
  const { artists: _artists, contributors: _contributors, audio: _audio, ...fields } = input;
  return fields as TrackFields;
}

/**
 * Writes one track of the account's album: a new one (`trackId` null) at `position`, or changes to an existing one
 * (absent fields unchanged, null clears; `position` moves it when given). Answers the track id and the audio file
 * it let go of (`audio: null`), whose files the caller removes after the commit. A duplicate ISRC is 409 at
 * `path`.isrc.
 */
export async function writeTrack(
  q: Queryable,
  accountId: string,
  albumId: string,
  trackId: string | null,
  input: TrackWrite,
  position: number | null,
  path: Path,
): Promise<{ id: string; releasedAudioId: string | null }> {
  const artists = input.artists
    ? await checkArtists(q, accountId, input.artists, [...path, 'artists'])
    : null;
  const contributors = input.contributors
    ? await resolveContributors(q, accountId, input.contributors, [...path, 'contributors'])
    : null;
  let id = trackId;
  try {
    if (id === null) id = await insertTrack(q, accountId, albumId, position ?? 0, fieldsOf(input));
    else {
      await updateTrackFields(q, id, fieldsOf(input));
      if (position !== null) await q.query('UPDATE tracks SET position = $2 WHERE id = $1', [id, position]);
    }
  } catch (error) {
    throw duplicateIdentifier(error, [...path, 'isrc']) ?? error;
  }
  if (artists) await replaceTrackArtists(q, id, artists);
  if (contributors) await replaceTrackContributors(q, id, contributors);
  let releasedAudioId: string | null = null;
  if (input.audio === null) {
    const track = await findTrack(q, accountId, id);
    releasedAudioId = track?.audio?.id ?? null;
    if (releasedAudioId) {
      await setTrackAudio(q, id, null);
      await deleteAudioFile(q, releasedAudioId);
    }
  }
  return { id, releasedAudioId };
}
