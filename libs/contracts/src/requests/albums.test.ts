import { describe, expect, it } from 'vitest';
import {
  ALBUM_FORM_PARTS,
  albumFormRequestSchema,
  albumListQuerySchema,
  albumTrackParamsSchema,
  barcodeSchema,
  createAlbumRequestSchema,
  deleteAlbumQuerySchema,
  isrcSchema,
  publishAlbumRequestSchema,
  trackInputSchema,
} from './albums.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')).sort();

describe('album list query', () => {
  it('defaults to created_at descending', () => {
    expect(albumListQuerySchema.parse({})).toEqual({
      offset: 0,
      size: 25,
      order_by: 'created_at',
      order: 'desc',
    });
  });

  it('takes the album sort fields and filters, and names a wrong one', () => {
    expect(
      albumListQuerySchema.parse({ order_by: 'release_date', order: 'asc', q: ' harbour ', status: 'DRAFT' }),
    ).toMatchObject({ order_by: 'release_date', q: 'harbour', status: 'DRAFT' });
    expect(pathsOf(albumListQuerySchema.safeParse({ order_by: 'name', status: 'LIVE' }))).toEqual([
      'order_by',
      'status',
    ]);
  });

  it('reads path ids as non-blank strings', () => {
    expect(albumTrackParamsSchema.parse({ albumId: '7', id: 'trk_1' })).toEqual({
      albumId: '7',
      id: 'trk_1',
    });
    expect(pathsOf(albumTrackParamsSchema.safeParse({ albumId: ' ', id: 'x' }))).toEqual(['albumId']);
  });
});

describe('codes', () => {
  it('accept a UPC-A or EAN-13 with a valid check digit, without separators', () => {
    expect(barcodeSchema.parse('036000291452')).toBe('036000291452');
    expect(barcodeSchema.parse('400-6381 333931')).toBe('4006381333931');
    expect(barcodeSchema.safeParse('4006381333932').success).toBe(false);
    expect(barcodeSchema.safeParse('12345').success).toBe(false);
  });

  it('normalise an ISRC and refuse a malformed one', () => {
    expect(isrcSchema.parse('nl-a1f-24-00001')).toBe('NLA1F2400001');
    expect(isrcSchema.safeParse('NLA1F240000').success).toBe(false);
  });
});

describe('album form payload', () => {
  const body = {
    title: ' Harbour Lights ',
    primaryGenre: 'ELECTRONIC',
    secondaryGenre: 'POP',
    language: 'EN',
    barcode: '4006381333931',
    originalReleaseDate: '2023-11-01',
    releaseDate: '2024-06-14',
    format: 'EP',
    ai: '0',
    artists: [
      { id: 12, role: 'PRIMARY' },
      { id: '13', role: 'FEATURING' },
    ],
    platforms: ['SPOTIFY', 'APPLE_MUSIC'],
    territories: ['NL', 'XK'],
    autofill: ['CATALOG_NUMBER'],
    tracks: [
      {
        index: '1',
        title: 'Harbour Lights',
        isrc: 'NLA1F2400001',
        explicit: 'false',
        artists: [{ id: 12, role: 'PRIMARY' }],
        contributors: [
          { id: 4, role: 'PRODUCER' },
          { name: 'Sam Reed', role: 'MUSIC_LYRICS' },
        ],
        autofill: ['GENRES'],
      },
      { id: 32, index: 2, cover: true, original: { title: 'Tides', artist: 'The Quays' }, audio: null },
    ],
  };

  it('is the same body for create and update, and may be empty (a new draft)', () => {
    expect(createAlbumRequestSchema).toBe(albumFormRequestSchema);
    expect(albumFormRequestSchema.parse({})).toEqual({});
  });

  it('parses the editor payload, reading form values leniently and trimming text', () => {
    const parsed = albumFormRequestSchema.parse(body);
    expect(parsed.title).toBe('Harbour Lights');
    expect(parsed.ai).toBe(false);
    expect(parsed.tracks?.[0]?.index).toBe(1);
    expect(parsed.tracks?.[0]?.explicit).toBe(false);
    expect(parsed.tracks?.[1]?.audio).toBeNull();
  });

  it('clears a field with null', () => {
    expect(albumFormRequestSchema.parse({ version: null, barcode: null, artwork: null })).toEqual({
      version: null,
      barcode: null,
      artwork: null,
    });
  });

  it('names each wrong field, down to the track and its index', () => {
    const result = albumFormRequestSchema.safeParse({
      ...body,
      format: 'LP',
      barcode: '4006381333932',
      releaseDate: '2024-02-30',
      platforms: ['SPOTIFY', 'INSTAGRAM'],
      tracks: [{ ...body.tracks[0], isrc: 'bad', contributors: [{ role: 'DJ' }] }],
    });
    expect(pathsOf(result)).toEqual([
      'barcode',
      'format',
      'platforms.1',
      'releaseDate',
      'tracks.0.contributors.0.role',
      'tracks.0.isrc',
    ]);
  });

  it('refuses repeats: an artist twice, a territory twice, two tracks at one index', () => {
    const result = albumFormRequestSchema.safeParse({
      artists: [
        { id: 12, role: 'PRIMARY' },
        { id: '12', role: 'FEATURING' },
      ],
      territories: ['NL', 'BE', 'NL'],
      tracks: [{ index: 1 }, { index: '1' }],
    });
    expect(pathsOf(result)).toEqual(['artists.1', 'territories.2', 'tracks.1']);
  });

  it('refuses a secondary genre equal to the primary and an original date after the release date', () => {
    const result = albumFormRequestSchema.safeParse({
      primaryGenre: 'POP',
      secondaryGenre: 'POP',
      originalReleaseDate: '2024-07-01',
      releaseDate: '2024-06-14',
    });
    expect(pathsOf(result)).toEqual(['originalReleaseDate', 'secondaryGenre']);
  });

  it('refuses a track both explicit and clean, and a cover whose original is cleared', () => {
    expect(pathsOf(trackInputSchema.safeParse({ index: 1, explicit: 1, clean: 'true' }))).toEqual(['clean']);
    expect(pathsOf(trackInputSchema.safeParse({ index: 1, cover: true, original: null }))).toEqual([
      'original',
    ]);
    expect(pathsOf(trackInputSchema.safeParse({ index: 0 }))).toEqual(['index']);
    expect(pathsOf(trackInputSchema.safeParse({ index: 1, contributors: [{ role: 'MIXING' }] }))).toEqual([
      'contributors.0.name',
    ]);
  });

  it('names its multipart parts', () => {
    expect(ALBUM_FORM_PARTS).toEqual({ metadata: 'metadata', artwork: 'artwork' });
  });

  it('reads WORLDWIDE as every territory', () => {
    const parsed = albumFormRequestSchema.parse({ territories: 'WORLDWIDE' });
    expect(parsed.territories).toContain('XK');
    expect(parsed.territories?.length).toBeGreaterThan(240);
    expect(pathsOf(albumFormRequestSchema.safeParse({ territories: ['SE', 'SE'] }))).toEqual([
      'territories.1',
    ]);
  });
});

describe('publish and delete', () => {
  it('publish only with the terms accepted, optionally choosing a plan', () => {
    expect(publishAlbumRequestSchema.parse({ termsAccepted: '1', paymentPlan: 'STANDARD' })).toEqual({
      termsAccepted: true,
      paymentPlan: 'STANDARD',
    });
    expect(pathsOf(publishAlbumRequestSchema.safeParse({ termsAccepted: false }))).toEqual(['termsAccepted']);
    expect(
      pathsOf(publishAlbumRequestSchema.safeParse({ termsAccepted: true, paymentPlan: 'GOLD' })),
    ).toEqual(['paymentPlan']);
  });

  it('delete with an optional expected amount due in minor units', () => {
    expect(deleteAlbumQuerySchema.parse({})).toEqual({});
    expect(deleteAlbumQuerySchema.parse({ expected_amount_due: '2400' })).toEqual({
      expected_amount_due: 2400,
    });
    expect(pathsOf(deleteAlbumQuerySchema.safeParse({ expected_amount_due: '-1' }))).toEqual([
      'expected_amount_due',
    ]);
    expect(pathsOf(deleteAlbumQuerySchema.safeParse({ expected_amount_due: '24.5' }))).toEqual([
      'expected_amount_due',
    ]);
  });
});
