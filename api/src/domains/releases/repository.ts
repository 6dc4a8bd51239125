import type {
  AlbumListQuery,
  ArtistRole,
  ContentStatus,
  DeliveryAction,
  Genre,
  LanguageCode,
  Platform,
  PlanType,
  ReleaseMetadataField,
  ReleaseReviewStatus,
  ReleaseType,
  Territory,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { containsPattern, UUID } from '../../platform/sql.js';
import type { StoredImage } from '../media/index.js';
import {
  type CreditedArtistRecord,
  creditedArtistsOf,
  type TrackRecord,
  tracksOfAlbums,
} from './track-repository.js';

/** The review statuses an album row holds (UNKNOWN is a reader's fallback only). */
export type StoredReviewStatus = Exclude<ReleaseReviewStatus, 'UNKNOWN'>;
export type PlatformStatus = Exclude<ReleaseReviewStatus, 'UNKNOWN'>;

export type PlatformStateRecord = {
  platform: Platform;
  current: { status: PlatformStatus; action: DeliveryAction } | null;
  pending: { status: PlatformStatus; action: DeliveryAction } | null;
};

export type LinkRecord = { platform: Platform; platformId: string; url: string };

export type AlbumRecord = {
  id: string;
  accountId: string;
  title: string | null;
  version: string | null;
  primaryGenre: Genre | null;
  secondaryGenre: Genre | null;
  language: LanguageCode | null;
  recordLabel: string | null;
  barcode: string | null;
  originalReleaseDate: string | null;
  releaseDate: string | null;
  catalogNumber: string | null;
  format: ReleaseType | null;
  recordingLocation: string | null;
  pLine: string | null;
  cLine: string | null;
  ai: boolean | null;
  platforms: Platform[];
  territories: Territory[];
  autofill: ReleaseMetadataField[];
  artwork: StoredImage | null;
  artists: CreditedArtistRecord[];
  status: ContentStatus;
  reviewStatus: StoredReviewStatus;
  reviewReasons: string[];
  submittedAt: Date | null;
  paymentPlan: PlanType | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  deletedAt: Date | null;
};

/** The detailed album: its live tracks, links and per-platform delivery state too. */
export type AlbumDetailRecord = AlbumRecord & {
  tracks: TrackRecord[];
  links: LinkRecord[];
  deliveries: PlatformStateRecord[];
};

type AlbumRow = {
  id: string;
  account_id: string;
  title: string | null;
  version: string | null;
  primary_genre: Genre | null;
  secondary_genre: Genre | null;
  language: LanguageCode | null;
  record_label: string | null;
  barcode: string | null;
  original_release_date: string | null;
  release_date: string | null;
  catalog_number: string | null;
  format: ReleaseType | null;
  recording_location: string | null;
  p_line: string | null;
  c_line: string | null;
  ai: boolean | null;
  platforms: Platform[];
  territories: Territory[];
  autofill: ReleaseMetadataField[];
  status: ContentStatus;
  review_status: StoredReviewStatus;
  review_reasons: string[];
  submitted_at: Date | null;
  payment_plan: PlanType | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  deleted_at: Date | null;
  image_id: string | null;
  image_format: StoredImage['format'] | null;
  image_renditions: StoredImage['renditions'] | null;
};

/** `al` is albums and `i` its artwork; dates as YYYY-MM-DD text. */
const ALBUM_COLUMNS = `al.id, al.account_id, al.title, al.version, al.primary_genre, al.secondary_genre, al.language,
  al.record_label, al.barcode, to_char(al.original_release_date, 'YYYY-MM-DD') AS original_release_date,
  to_char(al.release_date, 'YYYY-MM-DD') AS release_date, al.catalog_number, al.format, al.recording_location,
  al.p_line, al.c_line, al.ai, al.platforms, al.territories, al.autofill, al.status, al.review_status,
  al.review_reasons, al.submitted_at, al.payment_plan, al.created_at, al.updated_at, al.published_at, al.deleted_at,
  i.id AS image_id, i.format AS image_format, i.renditions AS image_renditions`;
const ALBUM_FROM = 'albums al LEFT JOIN images i ON i.id = al.artwork_id';

async function toRecords(q: Queryable, rows: AlbumRow[]): Promise<AlbumRecord[]> {
  const artists = await creditedArtistsOf(
    q,
    'album_artists',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    version: row.version,
    primaryGenre: row.primary_genre,
    secondaryGenre: row.secondary_genre,
    language: row.language,
    recordLabel: row.record_label,
    barcode: row.barcode,
    originalReleaseDate: row.original_release_date,
    releaseDate: row.release_date,
    catalogNumber: row.catalog_number,
    format: row.format,
    recordingLocation: row.recording_location,
    pLine: row.p_line,
    cLine: row.c_line,
    ai: row.ai,
    platforms: row.platforms,
    territories: row.territories,
    autofill: row.autofill,
    artwork:
      row.image_id && row.image_format && row.image_renditions
        ? { id: row.image_id, format: row.image_format, renditions: row.image_renditions }
        : null,
    artists: artists.get(row.id) ?? [],
    status: row.status,
    reviewStatus: row.review_status,
    reviewReasons: row.review_reasons,
    submittedAt: row.submitted_at,
    paymentPlan: row.payment_plan,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    deletedAt: row.deleted_at,
  }));
}

const ORDER_COLUMNS: Record<AlbumListQuery['order_by'], string> = {
  created_at: 'al.created_at',
  updated_at: 'al.updated_at',
  title: 'al.title COLLATE "und-x-icu"',
  release_date: 'al.release_date',
  published_at: 'al.published_at',
};

/** SQL: album `al` credits the artist `param`, on the album or on one of its live tracks. */
export function albumCreditsArtist(param: string): string {
  return `(EXISTS (SELECT 1 FROM album_artists aa WHERE aa.album_id = al.id AND aa.artist_id = ${param})
    OR EXISTS (SELECT 1 FROM tracks t JOIN track_artists ta ON ta.track_id = t.id
                WHERE t.album_id = al.id AND t.deleted_at IS NULL AND ta.artist_id = ${param}))`;
}

/**
 * The account's albums not taken down, filtered by status, title (`q`) and credited artist, in the asked order
 * (missing dates last, ties by id).
 */
export async function listAlbums(
  q: Queryable,
  accountId: string,
  query: AlbumListQuery,
  artistId: string | null,
): Promise<{ albums: AlbumRecord[]; total: number }> {
  const where = `al.account_id = $1 AND al.deleted_at IS NULL
    AND ($2::text IS NULL OR al.title ILIKE $2)
    AND ($3::text IS NULL OR al.status = $3)
    AND ($4::uuid IS NULL OR ${albumCreditsArtist('$4')})`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const values = [accountId, containsPattern(query.q), query.status ?? null, artistId];
  const [page, count] = await Promise.all([
    q.query<AlbumRow>(
      `SELECT ${ALBUM_COLUMNS} FROM ${ALBUM_FROM} WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[query.order_by]} ${direction} NULLS LAST, al.id ${direction}
        LIMIT $5 OFFSET $6`,
      [...values, query.size, query.offset],
    ),
    q.query<{ total: string }>(`SELECT count(*) AS total FROM albums al WHERE ${where}`, values),
  ]);
  return { albums: await toRecords(q, page.rows), total: Number(count.rows[0]?.total ?? 0) };
}

/**
 * One album: the account's (`accountId`), or any account's when null (admin review, delivery). Taken-down albums
 * are found too (they show deletedAt). `lock` holds the row for the transaction.
 */
export async function findAlbum(
  q: Queryable,
  accountId: string | null,
  id: string,
  { lock = false } = {},
): Promise<AlbumRecord | null> {
  const { rows } = await q.query<AlbumRow>(
    `SELECT ${ALBUM_COLUMNS} FROM ${ALBUM_FROM}
      WHERE al.id = $1 AND ($2::uuid IS NULL OR al.account_id = $2) ${lock ? 'FOR UPDATE OF al' : ''}`,
    [id, accountId],
  );
  return rows[0] ? ((await toRecords(q, rows))[0] ?? null) : null;
}

export async function detailOf(q: Queryable, album: AlbumRecord): Promise<AlbumDetailRecord> {
  // One after the other: `q` may be a transaction's single client.
  const tracks = await tracksOfAlbums(q, [album.id]);
  const links = await q.query<{ platform: Platform; platform_id: string; url: string }>(
    'SELECT platform, platform_id, url FROM album_links WHERE album_id = $1 ORDER BY created_at, platform',
    [album.id],
  );
  const deliveries = await platformStates(q, album.id);
  return {
    ...album,
    tracks: tracks.get(album.id) ?? [],
    links: links.rows.map((row) => ({ platform: row.platform, platformId: row.platform_id, url: row.url })),
    deliveries,
  };
}

export async function platformStates(q: Queryable, albumId: string): Promise<PlatformStateRecord[]> {
  const { rows } = await q.query<{
    platform: Platform;
    current_status: PlatformStatus | null;
    current_action: DeliveryAction | null;
    pending_status: PlatformStatus | null;
    pending_action: DeliveryAction | null;
  }>(
    `SELECT platform, current_status, current_action, pending_status, pending_action
       FROM album_platforms WHERE album_id = $1`,
    [albumId],
  );
  return rows.map((row) => ({
    platform: row.platform,
    current:
      row.current_status && row.current_action
        ? { status: row.current_status, action: row.current_action }
        : null,
    pending:
      row.pending_status && row.pending_action
        ? { status: row.pending_status, action: row.pending_action }
        : null,
  }));
}

export async function savePlatformState(
  q: Queryable,
  albumId: string,
  state: PlatformStateRecord,
): Promise<void> {
  await q.query(
    `INSERT INTO album_platforms (album_id, platform, current_status, current_action, pending_status, pending_action)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (album_id, platform) DO UPDATE SET current_status = EXCLUDED.current_status,
       current_action = EXCLUDED.current_action, pending_status = EXCLUDED.pending_status,
       pending_action = EXCLUDED.pending_action, updated_at = now()`,
    [
      albumId,
      state.platform,
      state.current?.status ?? null,
      state.current?.action ?? null,
      state.pending?.status ?? null,
      state.pending?.action ?? null,
    ],
  );
}

export async function insertAlbum(q: Queryable, accountId: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>('INSERT INTO albums (account_id) VALUES ($1) RETURNING id', [
    accountId,
  ]);
  return rows[0]!.id;
}

const ALBUM_FIELD_COLUMNS = {
  title: 'title',
  version: 'version',
  primaryGenre: 'primary_genre',
  secondaryGenre: 'secondary_genre',
  language: 'language',
  recordLabel: 'record_label',
  barcode: 'barcode',
  originalReleaseDate: 'original_release_date',
  releaseDate: 'release_date',
  catalogNumber: 'catalog_number',
  format: 'format',
  recordingLocation: 'recording_location',
  pLine: 'p_line',
  cLine: 'c_line',
  ai: 'ai',
  platforms: 'platforms',
  territories: 'territories',
  autofill: 'autofill',
} as const;
export type AlbumFields = { [Key in keyof typeof ALBUM_FIELD_COLUMNS]?: unknown };

/** Writes the given fields (absent: unchanged) and marks the album updated. */
export async function updateAlbumFields(q: Queryable, id: string, fields: AlbumFields): Promise<void> {
  const sets = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const [key, column] of Object.entries(ALBUM_FIELD_COLUMNS)) {
    const value = fields[key as keyof AlbumFields];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  await q.query(`UPDATE albums SET ${sets.join(', ')} WHERE id = $1`, values);
}

/** Moves the album to a state (docs/decisions/0034-release-states.md) with the columns the move sets. */
export async function setAlbumState(
  q: Queryable,
  id: string,
  state: {
    status: ContentStatus;
    reviewStatus: StoredReviewStatus;
    reviewReasons?: string[];
    published?: boolean;
    submitted?: boolean;
    reviewed?: boolean;
    deleted?: boolean;
    termsAccepted?: { paymentPlan: PlanType | null };
  },
): Promise<void> {
  await q.query(
    `UPDATE albums SET status = $2, review_status = $3, review_reasons = COALESCE($4, review_reasons),
       published_at = CASE WHEN $5 THEN now() ELSE published_at END,
       submitted_at = CASE WHEN $6 THEN now() ELSE submitted_at END,
       reviewed_at = CASE WHEN $7 THEN now() ELSE reviewed_at END,
       deleted_at = CASE WHEN $8 THEN now() ELSE deleted_at END,
       terms_accepted_at = CASE WHEN $9 THEN now() ELSE terms_accepted_at END,
       payment_plan = CASE WHEN $9 THEN $10 ELSE payment_plan END,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      state.status,
      state.reviewStatus,
      state.reviewReasons ?? null,
      state.published ?? false,
      state.submitted ?? false,
      state.reviewed ?? false,
      state.deleted ?? false,
      state.termsAccepted !== undefined,
      state.termsAccepted?.paymentPlan ?? null,
    ],
  );
}

export async function touchAlbum(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE albums SET updated_at = now() WHERE id = $1', [id]);
}

export async function setAlbumArtwork(q: Queryable, id: string, imageId: string | null): Promise<void> {
  await q.query('UPDATE albums SET artwork_id = $2, updated_at = now() WHERE id = $1', [id, imageId]);
}

/** Makes `artists` the whole list of artists credited on the album. */
export async function replaceAlbumArtists(
  q: Queryable,
  albumId: string,
  artists: { id: string; role: ArtistRole }[],
): Promise<void> {
  await q.query('DELETE FROM album_artists WHERE album_id = $1', [albumId]);
  for (const [position, artist] of artists.entries()) {
    await q.query('INSERT INTO album_artists (album_id, artist_id, role, position) VALUES ($1, $2, $3, $4)', [
      albumId,
      artist.id,
      artist.role,
      position,
    ]);
  }
}

/** The ids among `ids` that are the account's artists (others are not found). */
export async function ownedIds(
  q: Queryable,
  table: 'artists' | 'contributors',
  accountId: string,
  ids: string[],
): Promise<Set<string>> {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return new Set();
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE account_id = $1 AND id = ANY($2::uuid[])`,
    [accountId, uuids],
  );
  return new Set(rows.map((row) => row.id));
}

/** SQL: whether album `al` has been delivered to some platform (a delivery done or under way, not taken down). */
export const ALBUM_IS_DELIVERED = `EXISTS (SELECT 1 FROM album_platforms ap WHERE ap.album_id = al.id
  AND (ap.current_action IN ('DELIVER', 'UPDATE') OR ap.pending_action IS NOT NULL))`;

/** The record of hand-offs to delivery (the default DeliveryPort writes here). */
export async function insertDeliveryRequest(
  q: Queryable,
  albumId: string,
  action: DeliveryAction,
  platforms: Platform[],
): Promise<void> {
  await q.query('INSERT INTO release_delivery_requests (album_id, action, platforms) VALUES ($1, $2, $3)', [
    albumId,
    action,
    platforms,
  ]);
}

/** Albums waiting for content review (SUBMITTED, not taken down), with their owner's e-mail and track count. */
export async function listReviewQueue(
  q: Queryable,
  { offset, size, order }: { offset: number; size: number; order: 'asc' | 'desc' },
): Promise<{ items: { album: AlbumRecord; email: string; trackCount: number }[]; total: number }> {
  const where = `al.review_status = 'SUBMITTED' AND al.deleted_at IS NULL`;
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const [page, count] = await Promise.all([
    q.query<AlbumRow & { email: string; track_count: string }>(
      `SELECT ${ALBUM_COLUMNS},
              (SELECT u.email FROM users u WHERE u.account_id = al.account_id ORDER BY u.created_at LIMIT 1) AS email,
              (SELECT count(*) FROM tracks t WHERE t.album_id = al.id AND t.deleted_at IS NULL) AS track_count
         FROM ${ALBUM_FROM} WHERE ${where}
        ORDER BY al.submitted_at ${direction}, al.id ${direction} LIMIT $1 OFFSET $2`,
      [size, offset],
    ),
    q.query<{ total: string }>(`SELECT count(*) AS total FROM albums al WHERE ${where}`),
  ]);
  const albums = await toRecords(q, page.rows);
  return {
    items: albums.map((album, index) => ({
      album,
      email: page.rows[index]!.email ?? '',
      trackCount: Number(page.rows[index]!.track_count),
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/**
 * One album waiting for content review (the queue's condition: SUBMITTED, not taken down), of any account, with
 * its owner's e-mail; null for any other album.
 */
export async function findReviewAlbum(
  q: Queryable,
  id: string,
): Promise<{ album: AlbumRecord; email: string } | null> {
  const { rows } = await q.query<AlbumRow & { email: string | null }>(
    `SELECT ${ALBUM_COLUMNS},
            (SELECT u.email FROM users u WHERE u.account_id = al.account_id ORDER BY u.created_at LIMIT 1) AS email
       FROM ${ALBUM_FROM}
      WHERE al.id = $1 AND al.review_status = 'SUBMITTED' AND al.deleted_at IS NULL`,
    [id],
  );
  const album = rows[0] ? (await toRecords(q, rows))[0] : undefined;
  return album ? { album, email: rows[0]!.email ?? '' } : null;
}
