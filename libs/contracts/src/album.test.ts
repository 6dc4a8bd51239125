import { describe, expect, it } from 'vitest';
import {
  ALBUM_STATUSES,
  albumDetailSchema,
  albumPageSchema,
  albumSchema,
  albumSummarySchema,
} from './album.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const stamps = { createdAt: '2024-05-01T09:00:00Z', updatedAt: '2024-05-03T09:00:00Z' };
const image = (name: string) => ({
  url: `https://cdn.example/${name}.jpg`,
  size: 10,
  width: 3000,
  height: 3000,
  name,
});

const album = {
  id: 'alb_1',
  title: 'Harbour Lights',
  status: 'PUBLISHED',
  version: 'Deluxe',
  primaryGenre: 'ELECTRONIC',
  secondaryGenre: 'POP',
  language: 'EN',
  recordLabel: 'Lane Records',
  barcode: '8720205071234',
  originalReleaseDate: '2023-11-01',
  releaseDate: '2024-06-14',
  catalogNumber: 'LANE001',
  format: 'EP',
  recordingLocation: 'Rotterdam',
  pLine: '2024 Lane Records',
  cLine: '2024 Lane Records',
  ai: 0,
  artists: [
    { id: 12, name: 'Nova Lane', role: 'PRIMARY', ...stamps },
    { id: 13, name: 'Kite', role: 'FEATURING', ...stamps },
  ],
  platforms: ['SPOTIFY', 'APPLE_MUSIC', 'TIDAL'],
  territories: ['NL', 'BE', 'XK'],
  artwork: { id: 7, original: image('original'), thumbnail: image('thumbnail') },
  autofill: ['BARCODE', 'P_LINE'],
  publishedAt: '2024-06-01T12:00:00Z',
  deletedAt: null,
  ...stamps,
};

describe('album', () => {
  it('takes the content statuses as its status values', () => {
    expect(ALBUM_STATUSES).toEqual(['DRAFT', 'PUBLISHED', 'EDITED']);
  });

  it('needs nothing but an id (a new draft)', () => {
    expect(albumSchema.parse({ id: 5 })).toEqual({ id: 5 });
    expect(pathsOf(albumSchema.safeParse({ title: 'No id' }))).toEqual(['id']);
  });

  it('parses every field the spec lists', () => {
    const parsed = albumSchema.parse(album);
    expect(parsed.ai).toBe(false);
    expect(parsed.artists?.map((artist) => artist.role)).toEqual(['PRIMARY', 'FEATURING']);
    expect(parsed.territories).toContain('XK');
  });

  it('names each wrong field: status, format, platform, territory and artist role', () => {
    const result = albumSchema.safeParse({
      ...album,
      status: 'LIVE',
      format: 'LP',
      platforms: ['SPOTIFY', 'INSTAGRAM'],
      territories: ['NLD'],
      artists: [{ ...album.artists[0], role: 'COMPOSER' }],
    });
    expect(pathsOf(result)?.sort()).toEqual([
      'artists.0.role',
      'format',
      'platforms.1',
      'status',
      'territories.0',
    ]);
  });

  it('refuses an unparseable release date', () => {
    expect(pathsOf(albumSchema.safeParse({ id: 1, releaseDate: '14/06/2024' }))).toEqual(['releaseDate']);
  });

  it('adds tracks and links in its detailed form', () => {
    const detail = albumDetailSchema.parse({
      ...album,
      tracks: [],
      links: [{ platform: 'SPOTIFY', platformId: '1', url: 'https://open.spotify.com/album/1' }],
    });
    expect(detail.links).toHaveLength(1);
    expect(pathsOf(albumDetailSchema.safeParse(album))?.sort()).toEqual(['links', 'tracks']);
  });

  it('pages with the spec envelope', () => {
    const page = albumPageSchema.parse({
      items: [album],
      currentOffset: 25,
      size: 25,
      totalItems: 26,
      previousOffset: 0,
    });
    expect(page.previousOffset).toBe(0);
    expect(page.nextOffset).toBeUndefined();
  });
});

describe('album summary', () => {
  it('parses the trends summary with simple artist references', () => {
    const summary = albumSummarySchema.parse({
      id: 1,
      title: 'Harbour Lights',
      version: null,
      barcode: '8720205071234',
      artwork: { id: 7, medium: image('medium'), thumbnail: image('thumbnail') },
      artists: [
        { id: 12, name: 'Nova Lane' },
        { id: 14, name: 'Other' },
      ],
      isCollaboration: 'true',
    });
    expect(summary.isCollaboration).toBe(true);
  });

  it('keeps version and barcode present, title optional', () => {
    const result = albumSummarySchema.safeParse({ id: 1, artists: [], isCollaboration: false });
    expect(pathsOf(result)?.sort()).toEqual(['barcode', 'version']);
  });
});
