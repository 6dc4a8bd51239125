import { albumFormRequestSchema } from '@tunehouse/contracts';
import { type Db, withTransaction } from '../platform/db.js';
import {
  insertAlbum,
  insertTrack,
  replaceAlbumArtists,
  replaceTrackContributors,
  updateAlbumFields,
} from '../domains/releases/index.js';
import { DEMO_CATALOGUE_OWNER } from './demo-artists.js';

/**
 * A fictional draft EP for Mara (docs/decisions/0033-releases-api.md): metadata, artists, platforms and territories
 * filled in, tracks with credits, but no artwork, audio or identifiers, so its review shows what is left to do.
 */
export const DEMO_RELEASE = albumFormRequestSchema.parse({
  title: 'Harbour Lights',
  primaryGenre: 'ALTERNATIVE',
  secondaryGenre: 'FOLK',
  language: 'SV',
  recordLabel: 'Harbour Lane Records',
  format: 'EP',
  pLine: '2026 Harbour Lane Records',
  cLine: '2026 Harbour Lane Records',
  ai: false,
  platforms: ['SPOTIFY', 'APPLE_MUSIC', 'DEEZER', 'TIDAL', 'AMAZON', 'YOUTUBE'],
  territories: 'WORLDWIDE',
  tracks: [
    { index: 1, title: 'Harbour Lights' },
    { index: 2, title: 'Öresund Morning' },
    { index: 3, title: 'Night Ferry', instrumental: true },
    { index: 4, title: 'Lanterns' },
  ],
});

/** Mara's draft release, when her account has none yet; answers how many it created. */
export async function seedDemoRelease(db: Db): Promise<number> {
  const { rows } = await db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    DEMO_CATALOGUE_OWNER,
  ]);
  const accountId = rows[0]?.account_id;
  if (!accountId) return 0;
  return withTransaction(db, async (tx) => {
    const existing = await tx.query('SELECT 1 FROM albums WHERE account_id = $1 LIMIT 1', [accountId]);
    if (existing.rows.length > 0) return 0;
    const artists = await tx.query<{ id: string; name: string }>(
      'SELECT id, name FROM artists WHERE account_id = $1 ORDER BY created_at, name',
      [accountId],
    );
    const contributors = await tx.query<{ id: string; role: string }>(
      'SELECT id, role FROM contributors WHERE account_id = $1 ORDER BY created_at, name',
      [accountId],
    );
    const { tracks, artists: _artists, artwork: _artwork, ...fields } = DEMO_RELEASE;
    const albumId = await insertAlbum(tx, accountId);
    const release = new Date();
    release.setUTCDate(release.getUTCDate() + 30);
    await updateAlbumFields(tx, albumId, { ...fields, releaseDate: release.toISOString().slice(0, 10) });
    const primary = artists.rows.find((artist) => artist.name === 'Mara Lindqvist') ?? artists.rows[0];
    if (primary) await replaceAlbumArtists(tx, albumId, [{ id: primary.id, role: 'PRIMARY' }]);
    for (const [position, track] of (tracks ?? []).entries()) {
      const { index: _index, id: _id, artists: _a, contributors: _c, audio: _audio, ...trackFields } = track;
      const trackId = await insertTrack(tx, accountId, albumId, position + 1, trackFields);
      await replaceTrackContributors(
        tx,
        trackId,
        contributors.rows.map((contributor) => ({ id: contributor.id, role: contributor.role as never })),
      );
    }
    return 1;
  });
}
