import { albumFormRequestSchema, type AlbumFormRequest, type Platform } from '@tunehouse/contracts';
import type { PlanSettings } from '../platform/config.js';
import { type Db, withTransaction } from '../platform/db.js';
import { licenceOnPublish } from '../domains/licensing/index.js';
import {
  type DeliveryPort,
  insertAlbum,
  insertTrack,
  replaceAlbumArtists,
  replaceTrackArtists,
  savePlatformState,
  setAlbumState,
  updateAlbumFields,
} from '../domains/releases/index.js';
import { type DemoTrack, seedDemoTrends } from './demo-trends.js';
import { addDays } from '../domains/reports/index.js';
import { DEMO_CATALOGUE_OWNER } from './demo-artists.js';

/**
 * Mara's released catalogue (docs/decisions/0038-trends-api.md, 0043-plans-and-fees.md): two singles and an album,
 * published (with their licences) three weeks before their release dates and accepted, then delivered to their
 * platforms (seedDemoDeliveries), with barcodes and ISRCs, so that the trends screens have streams to show and the
 * reports money. Fictional: the codes use the in-store barcode prefix 200 and an ISRC registrant (SE-DMO) of our
 * own making.
 */
type DemoRelease = {
  form: AlbumFormRequest;
  barcode: string;
  /** Its release date, from today (YYYY-MM-DD): the demo's dates move with the day it is seeded. */
  releaseDate: (today: string) => string;
  /** The size of its audience against the others' (the demo generator's scale; default 1). */
  audience?: number;
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
    releaseDate: (today) => addDays(today, -290),
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
    releaseDate: (today) => addDays(today, -130),
    tracks: [
      { isrc: 'SEDMO2500002' },
      { isrc: 'SEDMO2500003', featuring: 'Nova Lane' },
      { isrc: 'SEDMO2500004' },
      { isrc: 'SEDMO2500005' },
      { isrc: 'SEDMO2500006', featuring: 'The Öresund Echoes' },
      { isrc: 'SEDMO2500007' },
    ],
  },
  {
    // Released a few days before this month: last month's close collected only part of its first distribution
    // fee, so taking it down still needs a settlement.
    form: albumFormRequestSchema.parse({
      title: 'Lanterns',
      primaryGenre: 'ALTERNATIVE',
      language: 'EN',
      recordLabel: 'Harbour Lane Records',
      format: 'SINGLE',
      pLine: '2026 Harbour Lane Records',
      cLine: '2026 Harbour Lane Records',
      ai: false,
      platforms: [...PLATFORMS],
      territories: 'WORLDWIDE',
      tracks: [{ index: 1, title: 'Lanterns' }],
    }),
    barcode: ean13('200000730013'),
    releaseDate: (today) => addDays(`${today.slice(0, 7)}-01`, -5),
    audience: 0.1,
    tracks: [{ isrc: 'SEDMO2600008' }],
  },
];

async function ownerAccount(db: Db): Promise<string | null> {
  const { rows } = await db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    DEMO_CATALOGUE_OWNER,
  ]);
  return rows[0]?.account_id ?? null;
}

const today = () => new Date().toISOString().slice(0, 10);
/** Noon UTC of a day: the demo's timestamps on the days its story gives them. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Mara's released albums that are missing (found by barcode), as the product would have made them: created six
 * weeks before their release date, published three weeks before it (which makes the licence under the plan
 * suggested to her, the terms accepted that day) and accepted by the review the day after. Their delivery is a
 * later step (it needs the artwork and audio). Answers how many it created.
 */
export async function seedDemoReleased(db: Db, plans: PlanSettings): Promise<number> {
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
      const releaseDate = release.releaseDate(today());
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
      const createdAt = noonOf(addDays(releaseDate, -42));
      const publishedAt = noonOf(addDays(releaseDate, -21));
      const licence = await licenceOnPublish(tx, plans, {
        accountId,
        albumId,
        releaseDate,
        chosen: undefined,
        now: publishedAt,
      });
      await setAlbumState(tx, albumId, {
        status: 'PUBLISHED',
        reviewStatus: 'ACCEPTED',
        published: true,
        submitted: true,
        reviewed: true,
        termsAccepted: { paymentPlan: licence.plan },
      });
      await tx.query(
        `UPDATE albums SET created_at = $2, updated_at = $3, published_at = $3, submitted_at = $3,
                terms_accepted_at = $3, reviewed_at = $3::timestamptz + interval '1 day'
          WHERE id = $1`,
        [albumId, createdAt, publishedAt],
      );
      await tx.query('UPDATE tracks SET created_at = $2, updated_at = $2 WHERE album_id = $1', [
        albumId,
        createdAt,
      ]);
      created += 1;
    }
    return created;
  });
}

/**
 * Hands Mara's accepted demo releases that no platform has yet to delivery, as an accepted release is: each
 * platform PENDING × DELIVER and one DELIVER hand-off to the port, in one transaction; the platforms' simulators
 * then answer, which moves them (and the album) to LIVE and gives the store links. Without a port (the seed
 * command, tests) the platforms are marked LIVE at once. Answers how many releases it handed off.
 */
export async function seedDemoDeliveries(db: Db, delivery: DeliveryPort | null): Promise<number> {
  const { rows } = await db.query<{ id: string; platforms: Platform[] }>(
    `SELECT al.id, al.platforms FROM albums al
      WHERE al.barcode = ANY($1) AND al.review_status = 'ACCEPTED' AND al.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM album_platforms p WHERE p.album_id = al.id)`,
    [DEMO_RELEASED.map((release) => release.barcode)],
  );
  for (const album of rows) {
    await withTransaction(db, async (tx) => {
      for (const platform of album.platforms) {
        const state = { status: delivery ? 'PENDING' : 'LIVE', action: 'DELIVER' } as const;
        await savePlatformState(tx, album.id, {
          platform,
          current: delivery ? null : state,
          pending: delivery ? state : null,
        });
      }
      if (delivery)
        await delivery.deliver({ albumId: album.id, action: 'DELIVER', platforms: album.platforms }, tx);
      else await tx.query(`UPDATE albums SET review_status = 'LIVE' WHERE id = $1`, [album.id]);
    });
  }
  return rows.length;
}

/**
 * A year (DEMO_TRENDS_DAYS) of generated streams up to yesterday for Mara's released tracks, with their revenue,
 * through the report loader, one data set per audience size. Idempotent: a data set is identified by its tracks
 * and their release dates (seedDemoTrends); answers the rows loaded (0 when loaded before).
 */
export async function seedDemoStreams(db: Db, days: number, currency = 'EUR'): Promise<number> {
  const accountId = await ownerAccount(db);
  if (!accountId || days <= 0) return 0;
  const { rows } = await db.query<{
    track_id: string;
    album_id: string;
    release_date: string;
    barcode: string;
    isrc: string | null;
  }>(
    `SELECT t.id AS track_id, t.album_id, al.release_date::text AS release_date, al.barcode, t.isrc
       FROM tracks t JOIN albums al ON al.id = t.album_id
      WHERE t.account_id = $1 AND al.review_status IN ('ACCEPTED', 'LIVE') AND al.deleted_at IS NULL
        AND t.deleted_at IS NULL AND al.release_date IS NOT NULL
      ORDER BY al.release_date, t.position`,
    [accountId],
  );
  const audiences = new Map<number, DemoTrack[]>();
  for (const row of rows) {
    const audience = DEMO_RELEASED.find((release) => release.barcode === row.barcode)?.audience ?? 1;
    const group = audiences.get(audience) ?? [];
    group.push({
      trackId: row.track_id,
      albumId: row.album_id,
      accountId,
      releaseDate: row.release_date,
      ...(row.isrc ? { seedKey: row.isrc } : {}),
    });
    audiences.set(audience, group);
  }
  const to = addDays(today(), -1);
  let loaded = 0;
  for (const [scale, catalogue] of audiences) {
    const result = await seedDemoTrends(db, catalogue, { from: addDays(to, 1 - days), to, scale, currency });
    if (result.status === 'LOADED') loaded += result.rows;
  }
  return loaded;
}
