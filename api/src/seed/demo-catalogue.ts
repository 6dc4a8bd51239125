import { albumFormRequestSchema, type AlbumFormRequest } from '@tunehouse/contracts';
import { type Db, withTransaction } from '../platform/db.js';
import {
  insertAlbum,
  replaceAlbumArtists,
  savePlatformState,
  setAlbumState,
  updateAlbumFields,
} from '../domains/releases/repository.js';
import { insertTrack, replaceTrackArtists } from '../domains/tracks/repository.js';
import { type DemoTrack, seedDemoTrends } from '../domains/trends/demo-generator.js';
import { addDays } from '../domains/trends/usage.js';
import { DEMO_CATALOGUE_OWNER } from './demo-artists.js';

/**
 * Mara's released catalogue (docs/decisions/0038-trends-api.md): a single and an album, LIVE on their platforms
 * (0034: PUBLISHED × LIVE, each platform's current delivery DELIVER × LIVE), with barcodes and ISRCs, so that
 * the trends screens have streams to show. Fictional: the codes use the in-store barcode prefix 200 and an
 * ISRC registrant (SE-DMO) of our own making.
 */
type DemoRelease = {
  form: AlbumFormRequest;
  barcode: string;
  /** Days before today it was released. */
  releasedDaysAgo: number;
  /** Per track: ISRC and the demo artists it credits besides the album's (by name, FEATURING). */
  tracks: { isrc: string; featuring?: string }[];
};

/** EAN-13 from its 12-digit body: the check digit weighs digits 1 and 3 alternately. */
function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const PLATFORMS = [
  'SPOTIFY',
  'APPLE_MUSIC',
  'YOUTUBE',
  'AMAZON',
  'DEEZER',
  'TIDAL',
  'TIKTOK',
  'FACEBOOK',
] as const;

export const DEMO_RELEASED: DemoRelease[] = [
  {
    form: albumFormRequestSchema.parse({
      title: 'Paper Boats',
      primaryGenre: 'ALTERNATIVE',
      language: 'EN',
      recordLabel: 'Harbour Lane Records',
      format: 'SINGLE',
      pLine: '2025 Harbour Lane Records',
      cLine: '2025 Harbour Lane Records',
      ai: false,
      platforms: [...PLATFORMS],
      territories: 'WORLDWIDE',
      tracks: [{ index: 1, title: 'Paper Boats' }],
    }),
    barcode: ean13('200000730011'),
    releasedDaysAgo: 290,
    tracks: [{ isrc: 'SEDMO2500001' }],
  },
  {
    form: albumFormRequestSchema.parse({
      title: 'Northern Static',
      primaryGenre: 'ALTERNATIVE',
      secondaryGenre: 'FOLK',
      language: 'EN',
      recordLabel: 'Harbour Lane Records',
      format: 'ALBUM',
      pLine: '2025 Harbour Lane Records',
      cLine: '2025 Harbour Lane Records',
      ai: false,
      platforms: [...PLATFORMS],
      territories: 'WORLDWIDE',
      tracks: [
        { index: 1, title: 'Northern Static' },
        { index: 2, title: 'Glass Harbour' },
        { index: 3, title: 'Slow Tide' },
        { index: 4, title: 'Ferry Lights', version: 'Acoustic' },
        { index: 5, title: 'Undertow' },
        { index: 6, title: 'Last Train to Malmö' },
      ],
    }),
    barcode: ean13('200000730012'),
    releasedDaysAgo: 130,
    tracks: [
      { isrc: 'SEDMO2500002' },
      { isrc: 'SEDMO2500003', featuring: 'Nova Lane' },
      { isrc: 'SEDMO2500004' },
      { isrc: 'SEDMO2500005' },
      { isrc: 'SEDMO2500006', featuring: 'The Öresund Echoes' },
      { isrc: 'SEDMO2500007' },
    ],
  },
];

async function ownerAccount(db: Db): Promise<string | null> {
  const { rows } = await db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    DEMO_CATALOGUE_OWNER,
  ]);
  return rows[0]?.account_id ?? null;
}

/** Mara's LIVE releases that are missing (found by barcode); answers how many it created. */
export async function seedDemoReleased(db: Db): Promise<number> {
  const accountId = await ownerAccount(db);
  if (!accountId) return 0;
  return withTransaction(db, async (tx) => {
    const artists = await tx.query<{ id: string; name: string }>(
      'SELECT id, name FROM artists WHERE account_id = $1',
      [accountId],
    );
    const artistId = (name: string) => artists.rows.find((artist) => artist.name === name)?.id;
    const primary = artistId('Mara Lindqvist');
    let created = 0;
    for (const release of DEMO_RELEASED) {
      const existing = await tx.query('SELECT 1 FROM albums WHERE account_id = $1 AND barcode = $2', [
        accountId,
        release.barcode,
      ]);
      if (existing.rows.length > 0) continue;
      const { tracks, artists: _artists, artwork: _artwork, ...fields } = release.form;
      const releaseDate = addDays(new Date().toISOString().slice(0, 10), -release.releasedDaysAgo);
      const albumId = await insertAlbum(tx, accountId);
      await updateAlbumFields(tx, albumId, {
        ...fields,
        barcode: release.barcode,
        releaseDate,
        originalReleaseDate: releaseDate,
      });
      if (primary) await replaceAlbumArtists(tx, albumId, [{ id: primary, role: 'PRIMARY' }]);
      for (const [position, track] of (tracks ?? []).entries()) {
        const {
          index: _index,
          id: _id,
          artists: _a,
          contributors: _c,
          audio: _audio,
          ...trackFields
        } = track;
        const { isrc, featuring } = release.tracks[position]!;
        const trackId = await insertTrack(tx, accountId, albumId, position + 1, { ...trackFields, isrc });
        const guest = featuring ? artistId(featuring) : undefined;
        if (primary && guest)
          await replaceTrackArtists(tx, trackId, [
            { id: primary, role: 'PRIMARY' },
            { id: guest, role: 'FEATURING' },
          ]);
      }
      await setAlbumState(tx, albumId, {
        status: 'PUBLISHED',
        reviewStatus: 'LIVE',
        published: true,
        submitted: true,
        reviewed: true,
        termsAccepted: { paymentPlan: null },
      });
      for (const platform of fields.platforms ?? [])
        await savePlatformState(tx, albumId, {
          platform,
          current: { status: 'LIVE', action: 'DELIVER' },
          pending: null,
        });
      created += 1;
    }
    return created;
  });
}

/**
 * A year (DEMO_TRENDS_DAYS) of generated streams up to yesterday for Mara's LIVE tracks, through the report loader.
 * Idempotent: the data set is identified by its tracks and their release dates (seedDemoTrends); answers the rows
 * loaded (0 when loaded before).
 */
export async function seedDemoStreams(db: Db, days: number): Promise<number> {
  const accountId = await ownerAccount(db);
  if (!accountId || days <= 0) return 0;
  const { rows } = await db.query<{ track_id: string; album_id: string; release_date: string }>(
    `SELECT t.id AS track_id, t.album_id, al.release_date::text AS release_date
       FROM tracks t JOIN albums al ON al.id = t.album_id
      WHERE t.account_id = $1 AND al.review_status = 'LIVE' AND al.deleted_at IS NULL AND t.deleted_at IS NULL
        AND al.release_date IS NOT NULL
      ORDER BY al.release_date, t.position`,
    [accountId],
  );
  if (rows.length === 0) return 0;
  const catalogue: DemoTrack[] = rows.map((row) => ({
    trackId: row.track_id,
    albumId: row.album_id,
    accountId,
    releaseDate: row.release_date,
  }));
  const to = addDays(new Date().toISOString().slice(0, 10), -1);
  const result = await seedDemoTrends(db, catalogue, { from: addDays(to, 1 - days), to });
  return result.status === 'LOADED' ? result.rows : 0;
}
