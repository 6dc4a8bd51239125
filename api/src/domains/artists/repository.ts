import type { ArtistListQuery, ArtistProfileValue, Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { containsPattern } from '../../platform/sql.js';
import type { StoredImage } from '../media/index.js';

/** A stored profile as the artist answers carry it. */
export type ProfileRecord = {
  platform: Platform;
  platformId: string;
  name: string;
  url: string;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ArtistRecord = {
  id: string;
  name: string;
  image: StoredImage | null;
  profiles: ProfileRecord[];
  albumCount: number;
  trackCount: number;
  createdAt: Date;
  updatedAt: Date;
};

type ArtistRow = {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  image_id: string | null;
  image_format: StoredImage['format'] | null;
  image_renditions: StoredImage['renditions'] | null;
  album_count: number;
  track_count: number;
};

type ProfileRow = {
  artist_id: string;
  platform: Platform;
  platform_id: string;
  name: string;
  url: string;
  image_url: string | null;
  created_at: Date;
  updated_at: Date;
};

/**
 * The SQL of "track `t` credits artist `artist`": on the track itself, or on its album when the track names no
 * artist of its own (the release tables are in migration 0005, docs/decisions/0033-releases-api.md).
 */
const trackCredits = (artist: string) => `(
  EXISTS (SELECT 1 FROM track_artists ta WHERE ta.track_id = t.id AND ta.artist_id = ${artist})
  OR (NOT EXISTS (SELECT 1 FROM track_artists ta WHERE ta.track_id = t.id)
      AND EXISTS (SELECT 1 FROM album_artists aa WHERE aa.album_id = t.album_id AND aa.artist_id = ${artist})))`;
/** "Album `al` credits artist `artist`": on the album, or on one of its live tracks. */
const albumCredits = (artist: string) => `(
  EXISTS (SELECT 1 FROM album_artists aa WHERE aa.album_id = al.id AND aa.artist_id = ${artist})
  OR EXISTS (SELECT 1 FROM tracks t JOIN track_artists ta ON ta.track_id = t.id
              WHERE t.album_id = al.id AND t.deleted_at IS NULL AND ta.artist_id = ${artist}))`;

/**
 * The artist columns, `a` being artists and `i` its image. albumCount: the account's albums not taken down that
 * credit the artist; trackCount: their live tracks crediting it.
 */
const ARTIST_COLUMNS = `
  a.id, a.name, a.created_at, a.updated_at,
  i.id AS image_id, i.format AS image_format, i.renditions AS image_renditions,
  (SELECT count(*) FROM albums al WHERE al.account_id = a.account_id AND al.deleted_at IS NULL
      AND ${albumCredits('a.id')}) AS album_count,
  (SELECT count(*) FROM tracks t JOIN albums alt ON alt.id = t.album_id
    WHERE t.account_id = a.account_id AND t.deleted_at IS NULL AND alt.deleted_at IS NULL
      AND ${trackCredits('a.id')}) AS track_count`;
const ARTIST_FROM = 'artists a LEFT JOIN images i ON i.id = a.image_id';

/** Names order in a language-neutral collation (ICU root), so that case and accents do not push names to the end. */
const ORDER_COLUMNS: Record<ArtistListQuery['order_by'], string> = {
  name: 'a.name COLLATE "und-x-icu"',
  created_at: 'a.created_at',
  updated_at: 'a.updated_at',
};

function toRecord(row: ArtistRow, profiles: ProfileRecord[]): ArtistRecord {
  return {
    id: row.id,
    name: row.name,
    image:
      row.image_id && row.image_format && row.image_renditions
        ? { id: row.image_id, format: row.image_format, renditions: row.image_renditions }
        : null,
    profiles,
    albumCount: Number(row.album_count),
    trackCount: Number(row.track_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function profilesOf(q: Queryable, artistIds: string[]): Promise<Map<string, ProfileRecord[]>> {
  const byArtist = new Map<string, ProfileRecord[]>(artistIds.map((id) => [id, []]));
  if (artistIds.length === 0) return byArtist;
  const { rows } = await q.query<ProfileRow>(
    `SELECT artist_id, platform, platform_id, name, url, image_url, created_at, updated_at
       FROM artist_profiles WHERE artist_id = ANY($1::uuid[])
      ORDER BY created_at, platform`,
    [artistIds],
  );
  for (const row of rows) {
    byArtist.get(row.artist_id)?.push({
      platform: row.platform,
      platformId: row.platform_id,
      name: row.name,
      url: row.url,
      imageUrl: row.image_url,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
  return byArtist;
}

export async function listArtists(
  db: Queryable,
  accountId: string,
  query: ArtistListQuery,
): Promise<{ artists: ArtistRecord[]; total: number }> {
  const where = `a.account_id = $1 AND ($2::text IS NULL OR a.name ILIKE $2)`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const pattern = containsPattern(query.q);
  const [page, count] = await Promise.all([
    db.query<ArtistRow>(
      `SELECT ${ARTIST_COLUMNS} FROM ${ARTIST_FROM}
        WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[query.order_by]} ${direction}, a.id ${direction}
        LIMIT $3 OFFSET $4`,
      [accountId, pattern, query.size, query.offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM artists a WHERE ${where}`, [
      accountId,
      pattern,
    ]),
  ]);
  const profiles = await profilesOf(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    artists: page.rows.map((row) => toRecord(row, profiles.get(row.id) ?? [])),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** The account's artist, or null (another account's artist is not found). `lock` holds it for the transaction. */
export async function findArtist(
  q: Queryable,
  accountId: string,
  id: string,
  { lock = false } = {},
): Promise<ArtistRecord | null> {
  const { rows } = await q.query<ArtistRow>(
    `SELECT ${ARTIST_COLUMNS} FROM ${ARTIST_FROM}
      WHERE a.account_id = $1 AND a.id = $2 ${lock ? 'FOR UPDATE OF a' : ''}`,
    [accountId, id],
  );
  const row = rows[0];
  if (!row) return null;
  const profiles = await profilesOf(q, [row.id]);
  return toRecord(row, profiles.get(row.id) ?? []);
}

export async function insertArtist(q: Queryable, accountId: string, name: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO artists (account_id, name) VALUES ($1, $2) RETURNING id',
    [accountId, name],
  );
  return rows[0]!.id;
}

/** Renames (when `name` is given) and marks the artist updated. */
export async function touchArtist(q: Queryable, id: string, name?: string): Promise<void> {
  await q.query('UPDATE artists SET name = COALESCE($2, name), updated_at = now() WHERE id = $1', [
    id,
    name ?? null,
  ]);
}

/**
 * Makes `profiles` the artist's whole profile list: others are removed; a platform kept keeps its createdAt, and its
 * updatedAt moves only when something in it changed.
 */
export async function replaceProfiles(
  q: Queryable,
  artistId: string,
  profiles: ArtistProfileValue[],
): Promise<void> {
  await q.query('DELETE FROM artist_profiles WHERE artist_id = $1 AND NOT (platform = ANY($2::text[]))', [
    artistId,
    profiles.map((profile) => profile.platform),
  ]);
  for (const profile of profiles) {
    await q.query(
      `INSERT INTO artist_profiles (artist_id, platform, platform_id, name, url, image_url)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (artist_id, platform) DO UPDATE
         SET platform_id = EXCLUDED.platform_id, name = EXCLUDED.name, url = EXCLUDED.url,
             image_url = EXCLUDED.image_url,
             updated_at = CASE
               WHEN (artist_profiles.platform_id, artist_profiles.name, artist_profiles.url, artist_profiles.image_url)
                    IS DISTINCT FROM (EXCLUDED.platform_id, EXCLUDED.name, EXCLUDED.url, EXCLUDED.image_url)
               THEN now() ELSE artist_profiles.updated_at END`,
      [artistId, profile.platform, profile.platformId, profile.name, profile.url, profile.imageUrl],
    );
  }
}

export async function deleteArtist(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM artists WHERE id = $1', [id]);
}

export async function setArtistImage(q: Queryable, id: string, imageId: string | null): Promise<void> {
  await q.query('UPDATE artists SET image_id = $2, updated_at = now() WHERE id = $1', [id, imageId]);
}

/**
 * Whether the artist is credited (on an album or one of its tracks) on a release that has been delivered to a
 * platform: a delivery done and not taken down, or one under way. Such an artist cannot be deleted (409).
 */
export async function isArtistOnDeliveredRelease(q: Queryable, artistId: string): Promise<boolean> {
  const { rows } = await q.query<{ delivered: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM albums al
        WHERE ${albumCredits('$1')}
          AND EXISTS (SELECT 1 FROM album_platforms ap WHERE ap.album_id = al.id
                        AND (ap.current_action IN ('DELIVER', 'UPDATE') OR ap.pending_action IS NOT NULL))
     ) AS delivered`,
    [artistId],
  );
  return rows[0]?.delivered ?? false;
}
