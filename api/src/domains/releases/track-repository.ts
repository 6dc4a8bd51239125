import type {
  ArtistRole,
  CreditRole,
  Genre,
  LanguageCode,
  MetadataSearchField,
  TrackListQuery,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { containsPattern } from '../../platform/sql.js';
import {
  AUDIO_COLUMNS,
  type AudioRecord,
  type AudioRow,
  type StoredImage,
  toAudioRecord,
} from '../media/index.js';

/** An artist credited on an album or a track, with the base artist fields. */
export type CreditedArtistRecord = {
  id: string;
  name: string;
  role: ArtistRole;
  image: StoredImage | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ContributorCreditRecord = {
  id: string;
  name: string;
  role: CreditRole;
  publisher: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type TrackRecord = {
  id: string;
  albumId: string;
  position: number;
  title: string | null;
  version: string | null;
  primaryGenre: Genre | null;
  secondaryGenre: Genre | null;
  isrc: string | null;
  previewStart: number | null;
  pLine: string;
  cLine: string;
  instrumental: boolean | null;
  explicit: boolean | null;
  clean: boolean | null;
  cover: boolean | null;
  remix: boolean | null;
  lyrics: string;
  lyricsLanguage: LanguageCode | null;
  original: { title: string; artist: string } | null;
  autofill: MetadataSearchField[];
  audio: AudioRecord | null;
  artists: CreditedArtistRecord[];
  contributors: ContributorCreditRecord[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

type TrackRow = {
  id: string;
  album_id: string;
  position: number;
  title: string | null;
  version: string | null;
  primary_genre: Genre | null;
  secondary_genre: Genre | null;
  isrc: string | null;
  preview_start: number | null;
  p_line: string;
  c_line: string;
  instrumental: boolean | null;
  explicit: boolean | null;
  clean: boolean | null;
  cover: boolean | null;
  remix: boolean | null;
  lyrics: string;
  lyrics_language: LanguageCode | null;
  original_title: string | null;
  original_artist: string | null;
  autofill: MetadataSearchField[];
  audio_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
};

const TRACK_COLUMNS = `t.id, t.album_id, t.position, t.title, t.version, t.primary_genre, t.secondary_genre, t.isrc,
  t.preview_start, t.p_line, t.c_line, t.instrumental, t.explicit, t.clean, t.cover, t.remix, t.lyrics,
  t.lyrics_language, t.original_title, t.original_artist, t.autofill, t.audio_id, t.created_at, t.updated_at,
  t.deleted_at`;

type CreditRow = {
  owner_id: string;
  id: string;
  name: string;
  role: ArtistRole;
  created_at: Date;
  updated_at: Date;
  image_id: string | null;
  image_format: StoredImage['format'] | null;
  image_renditions: StoredImage['renditions'] | null;
};

export function toCreditedArtist(row: CreditRow): CreditedArtistRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    image:
      row.image_id && row.image_format && row.image_renditions
        ? { id: row.image_id, format: row.image_format, renditions: row.image_renditions }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The credited artists of albums or tracks (`table` album_artists or track_artists), by owner, in order. */
export async function creditedArtistsOf(
  q: Queryable,
  table: 'album_artists' | 'track_artists',
  ownerIds: string[],
): Promise<Map<string, CreditedArtistRecord[]>> {
  const byOwner = new Map<string, CreditedArtistRecord[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return byOwner;
  const owner = table === 'album_artists' ? 'album_id' : 'track_id';
  const { rows } = await q.query<CreditRow>(
    `SELECT c.${owner} AS owner_id, a.id, a.name, c.role, a.created_at, a.updated_at,
            i.id AS image_id, i.format AS image_format, i.renditions AS image_renditions
       FROM ${table} c JOIN artists a ON a.id = c.artist_id LEFT JOIN images i ON i.id = a.image_id
      WHERE c.${owner} = ANY($1::uuid[])
      ORDER BY c.position`,
    [ownerIds],
  );
  for (const row of rows) byOwner.get(row.owner_id)?.push(toCreditedArtist(row));
  return byOwner;
}

async function contributorsOf(q: Queryable, trackIds: string[]) {
  const byTrack = new Map<string, ContributorCreditRecord[]>(trackIds.map((id) => [id, []]));
  if (trackIds.length === 0) return byTrack;
  const { rows } = await q.query<{
    track_id: string;
    id: string;
    name: string;
    role: CreditRole;
    publisher: string | null;
    created_at: Date;
    updated_at: Date;
  }>(
    `SELECT tc.track_id, c.id, c.name, tc.role, c.publisher, c.created_at, c.updated_at
       FROM track_contributors tc JOIN contributors c ON c.id = tc.contributor_id
      WHERE tc.track_id = ANY($1::uuid[])
      ORDER BY tc.position`,
    [trackIds],
  );
  for (const row of rows) {
    byTrack.get(row.track_id)?.push({
      id: row.id,
      name: row.name,
      role: row.role,
      publisher: row.publisher,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
  return byTrack;
}

/** Tracks rows with their artists, contributors and audio. */
async function complete(q: Queryable, rows: TrackRow[]): Promise<TrackRecord[]> {
  const ids = rows.map((row) => row.id);
  const audioIds = rows.flatMap((row) => (row.audio_id ? [row.audio_id] : []));
  // One after the other: `q` may be a transaction's single client.
  const artists = await creditedArtistsOf(q, 'track_artists', ids);
  const contributors = await contributorsOf(q, ids);
  const audio = audioIds.length
    ? await q.query<AudioRow>(`SELECT ${AUDIO_COLUMNS} FROM audio_files WHERE id = ANY($1::uuid[])`, [
        audioIds,
      ])
    : { rows: [] as AudioRow[] };
  const audioById = new Map(audio.rows.map((row) => [row.id, toAudioRecord(row)]));
  return rows.map((row) => ({
    id: row.id,
    albumId: row.album_id,
    position: row.position,
    title: row.title,
    version: row.version,
    primaryGenre: row.primary_genre,
    secondaryGenre: row.secondary_genre,
    isrc: row.isrc,
    previewStart: row.preview_start,
    pLine: row.p_line,
    cLine: row.c_line,
    instrumental: row.instrumental,
    explicit: row.explicit,
    clean: row.clean,
    cover: row.cover,
    remix: row.remix,
    lyrics: row.lyrics,
    lyricsLanguage: row.lyrics_language,
    original:
      row.original_title !== null && row.original_artist !== null
        ? { title: row.original_title, artist: row.original_artist }
        : null,
    autofill: row.autofill,
    audio: row.audio_id ? (audioById.get(row.audio_id) ?? null) : null,
    artists: artists.get(row.id) ?? [],
    contributors: contributors.get(row.id) ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  }));
}

/** The live (not soft-deleted) tracks of albums, in album order. */
export async function tracksOfAlbums(q: Queryable, albumIds: string[]): Promise<Map<string, TrackRecord[]>> {
  const byAlbum = new Map<string, TrackRecord[]>(albumIds.map((id) => [id, []]));
  if (albumIds.length === 0) return byAlbum;
  const { rows } = await q.query<TrackRow>(
    `SELECT ${TRACK_COLUMNS} FROM tracks t
      WHERE t.album_id = ANY($1::uuid[]) AND t.deleted_at IS NULL
      ORDER BY t.position, t.id`,
    [albumIds],
  );
  for (const track of await complete(q, rows)) byAlbum.get(track.albumId)?.push(track);
  return byAlbum;
}

/** One of the account's tracks (soft-deleted ones too), optionally on a given album; `lock` holds it. */
export async function findTrack(
  q: Queryable,
  accountId: string,
  id: string,
  { albumId, lock = false }: { albumId?: string; lock?: boolean } = {},
): Promise<TrackRecord | null> {
  const { rows } = await q.query<TrackRow>(
    `SELECT ${TRACK_COLUMNS} FROM tracks t
      WHERE t.account_id = $1 AND t.id = $2 AND ($3::uuid IS NULL OR t.album_id = $3)
      ${lock ? 'FOR UPDATE' : ''}`,
    [accountId, id, albumId ?? null],
  );
  return rows[0] ? ((await complete(q, rows))[0] ?? null) : null;
}

const ORDER_COLUMNS: Record<TrackListQuery['order_by'], string> = {
  created_at: 't.created_at',
  updated_at: 't.updated_at',
  title: 't.title COLLATE "und-x-icu"',
};

/**
 * The account's live tracks on albums not taken down. `q` matches the title or the ISRC; `artist_id`
 * the track's own artists, or the album's when the track has none.
 */
export async function listTracks(
  q: Queryable,
  accountId: string,
  query: TrackListQuery,
  ids: { albumId: string | null; artistId: string | null },
): Promise<{ tracks: TrackRecord[]; total: number }> {
  const where = `t.account_id = $1 AND t.deleted_at IS NULL AND al.deleted_at IS NULL
    AND ($2::text IS NULL OR t.title ILIKE $2 OR t.isrc ILIKE replace(replace($2, '-', ''), ' ', ''))
    AND ($3::uuid IS NULL OR t.album_id = $3)
    AND ($4::uuid IS NULL OR ${trackCreditsArtist('$4')})`;
  const from = 'tracks t JOIN albums al ON al.id = t.album_id';
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const values = [accountId, containsPattern(query.q), ids.albumId, ids.artistId];
  const [page, count] = await Promise.all([
    q.query<TrackRow>(
      `SELECT ${TRACK_COLUMNS} FROM ${from} WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[query.order_by]} ${direction} NULLS LAST, t.id ${direction}
        LIMIT $5 OFFSET $6`,
      [...values, query.size, query.offset],
    ),
    q.query<{ total: string }>(`SELECT count(*) AS total FROM ${from} WHERE ${where}`, values),
  ]);
  return { tracks: await complete(q, page.rows), total: Number(count.rows[0]?.total ?? 0) };
}

/**
 * SQL: track `t` (on album `al`... or any album) credits the artist `param`: on the track itself, or on its album
 * when the track names no artist of its own.
 */
export function trackCreditsArtist(param: string, track = 't'): string {
  return `(EXISTS (SELECT 1 FROM track_artists ta WHERE ta.track_id = ${track}.id AND ta.artist_id = ${param})
    OR (NOT EXISTS (SELECT 1 FROM track_artists ta WHERE ta.track_id = ${track}.id)
        AND EXISTS (SELECT 1 FROM album_artists aa WHERE aa.album_id = ${track}.album_id AND aa.artist_id = ${param})))`;
}

/** Column of each writable track field. */
const TRACK_FIELD_COLUMNS = {
  title: 'title',
  version: 'version',
  primaryGenre: 'primary_genre',
  secondaryGenre: 'secondary_genre',
  isrc: 'isrc',
  previewStart: 'preview_start',
  pLine: 'p_line',
  cLine: 'c_line',
  instrumental: 'instrumental',
  explicit: 'explicit',
  clean: 'clean',
  cover: 'cover',
  remix: 'remix',
  lyrics: 'lyrics',
  lyricsLanguage: 'lyrics_language',
  autofill: 'autofill',
} as const;
export type TrackFields = {
  [Key in keyof typeof TRACK_FIELD_COLUMNS]?: unknown;
} & { original?: { title: string; artist: string } | null };

/** The SET list and values of the fields present in `fields` (absent: unchanged), from `$offset`. */
function assignments(fields: TrackFields, offset: number): { sets: string[]; values: unknown[] } {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [key, column] of Object.entries(TRACK_FIELD_COLUMNS)) {
    const value = fields[key as keyof typeof TRACK_FIELD_COLUMNS];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${offset + values.length}`);
  }
  if (fields.original !== undefined) {
    values.push(fields.original?.title ?? null, fields.original?.artist ?? null);
    sets.push(
      `original_title = $${offset + values.length - 1}`,
      `original_artist = $${offset + values.length}`,
    );
  }
  return { sets, values };
}

export async function insertTrack(
  q: Queryable,
  accountId: string,
  albumId: string,
  position: number,
  fields: TrackFields,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO tracks (account_id, album_id, position) VALUES ($1, $2, $3) RETURNING id',
    [accountId, albumId, position],
  );
  const id = rows[0]!.id;
  await updateTrackFields(q, id, fields);
  return id;
}

/** Writes the given fields and marks the track updated. */
export async function updateTrackFields(q: Queryable, id: string, fields: TrackFields): Promise<void> {
  const { sets, values } = assignments(fields, 1);
  await q.query(`UPDATE tracks SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, [
    id,
    ...values,
  ]);
}

/**
 * Puts the album's live tracks in the given order (positions 1..n). Positions move out of the way first, because
 * the unique index on (album, position) is checked row by row.
 */
export async function setTrackOrder(q: Queryable, albumId: string, orderedIds: string[]): Promise<void> {
  await q.query(
    'UPDATE tracks SET position = position + 1000000 WHERE album_id = $1 AND deleted_at IS NULL',
    [albumId],
  );
  await q.query(
    `UPDATE tracks t SET position = o.position, updated_at = CASE WHEN t.position - 1000000 = o.position
       THEN t.updated_at ELSE now() END
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE t.id = o.id AND t.album_id = $1`,
    [albumId, orderedIds],
  );
}

/** The ids of the album's live tracks in order. */
export async function liveTrackIds(q: Queryable, albumId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    'SELECT id FROM tracks WHERE album_id = $1 AND deleted_at IS NULL ORDER BY position, id',
    [albumId],
  );
  return rows.map((row) => row.id);
}

export async function softDeleteTracks(q: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    'UPDATE tracks SET deleted_at = now(), updated_at = now(), position = 0 WHERE id = ANY($1::uuid[])',
    [ids],
  );
}

export async function setTrackAudio(q: Queryable, trackId: string, audioId: string | null): Promise<void> {
  await q.query('UPDATE tracks SET audio_id = $2, updated_at = now() WHERE id = $1', [trackId, audioId]);
}

/** Makes `artists` the whole list of artists credited on the track. */
export async function replaceTrackArtists(
  q: Queryable,
  trackId: string,
  artists: { id: string; role: ArtistRole }[],
): Promise<void> {
  await q.query('DELETE FROM track_artists WHERE track_id = $1', [trackId]);
  for (const [position, artist] of artists.entries()) {
    await q.query('INSERT INTO track_artists (track_id, artist_id, role, position) VALUES ($1, $2, $3, $4)', [
      trackId,
      artist.id,
      artist.role,
      position,
    ]);
  }
}

/** Makes `contributors` the whole list of the track's credits (contributor and role). */
export async function replaceTrackContributors(
  q: Queryable,
  trackId: string,
  contributors: { id: string; role: CreditRole }[],
): Promise<void> {
  await q.query('DELETE FROM track_contributors WHERE track_id = $1', [trackId]);
  for (const [position, contributor] of contributors.entries()) {
    await q.query(
      `INSERT INTO track_contributors (track_id, contributor_id, role, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [trackId, contributor.id, contributor.role, position],
    );
  }
}
