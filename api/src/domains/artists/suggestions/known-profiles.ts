import type { ArtistProfilePlatform, ArtistProfileSuggestion, Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../../platform/db.js';
import { containsPattern, escapeLike } from '../../../platform/sql.js';

/**
 * The built-in search: artist profiles already stored on this installation, by any account, matched by name.
 * Only public profile data leaves (platform, id, name, link, image link): never which account or artist holds it.
 * One row per platform profile (the most recently updated copy), exact names first, then names starting with q.
 */
export async function searchKnownProfiles(
  q: Queryable,
  term: string,
  platforms: ArtistProfilePlatform[],
  perPlatform = 10,
): Promise<ArtistProfileSuggestion[]> {
  if (platforms.length === 0) return [];
  const { rows } = await q.query<{
    platform: Platform;
    platform_id: string;
    name: string;
    url: string;
    image_url: string | null;
  }>(
    `WITH latest AS (
       SELECT DISTINCT ON (platform, platform_id) platform, platform_id, name, url, image_url
         FROM artist_profiles
        WHERE platform = ANY($1::text[]) AND name ILIKE $2
        ORDER BY platform, platform_id, updated_at DESC
     ), ranked AS (
       SELECT *, row_number() OVER (
                   PARTITION BY platform
                   ORDER BY lower(name) = lower($3) DESC, name ILIKE $4 DESC, name COLLATE "und-x-icu", platform_id
                 ) AS rank
         FROM latest
     )
     SELECT platform, platform_id, name, url, image_url FROM ranked WHERE rank <= $5 ORDER BY platform, rank`,
    [platforms, containsPattern(term), term, `${escapeLike(term)}%`, perPlatform],
  );
  return rows.map((row) => ({
    platform: row.platform,
    platformId: row.platform_id,
    name: row.name,
    url: row.url,
    imageUrl: row.image_url,
  }));
}
