import { describe, expect, it } from 'vitest';
import { isTrackDeleted, trackListSchema, trackPageSchema, trackSchema } from './track.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const stamps = { createdAt: '2024-05-01T09:00:00Z', updatedAt: '2024-05-03T09:00:00Z' };

/** The smallest track the spec allows: only what it does not mark optional. */
const minimal = {
  id: 31,
  index: 1,
  pLine: '',
  cLine: '',
  lyrics: '',
  artists: [],
  contributors: [],
  autofill: [],
  ...stamps,
};

const full = {
  ...minimal,
  title: 'Harbour Lights',
  version: 'Radio Edit',
  primaryGenre: 'ELECTRONIC',
  secondaryGenre: 'DANCE',
  isrc: 'NLA1F2400001',
  previewStart: 45.5,
  pLine: '2024 Lane Records',
  cLine: '2024 Lane Records',
  instrumental: false,
  explicit: 0,
  clean: 'true',
  cover: 1,
  remix: 'false',
  lyrics: 'Over the water...',
  lyricsLanguage: 'EN',
  artists: [{ id: 12, name: 'Nova Lane', role: 'PRIMARY', ...stamps }],
  audio: {
    id: 'au_9',
    original: {
      name: 'harbour.flac',
      url: 'https://cdn.example/harbour.flac',
      size: 30_000_000,
      sampleRate: 48_000,
      channels: 2,
      duration: 201,
      format: 'FLAC',
      bitDepth: 24,
      bitRate: 1_200_000,
    },
  },
  contributors: [{ id: 4, name: 'Sam Reed', role: 'PRODUCER', ...stamps }],
  original: { title: 'Harbour Lights', artist: 'The Quays' },
  autofill: ['ISRC', 'GENRES'],
};

describe('track', () => {
  it('parses the minimal track and every optional field is absent', () => {
    const track = trackSchema.parse(minimal);
    expect(track.title).toBeUndefined();
    expect(isTrackDeleted(track)).toBe(false);
  });

  it('parses a full track, reading booleans given as 1, 0 or strings', () => {
    const track = trackSchema.parse(full);
    expect([track.instrumental, track.explicit, track.clean, track.cover, track.remix]).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(track.artists[0]?.role).toBe('PRIMARY');
    expect(track.audio?.original.bitDepth).toBe(24);
  });

  it('is soft-deleted once deletedAt is set', () => {
    expect(isTrackDeleted(trackSchema.parse({ ...minimal, deletedAt: '2024-06-01T00:00:00Z' }))).toBe(true);
  });

  it('names the field of each wrong value', () => {
    const result = trackSchema.safeParse({
      ...full,
      index: '1',
      primaryGenre: 'TECHNO',
      explicit: 'yes',
      lyricsLanguage: 'english',
      autofill: ['TITLE'],
    });
    expect(pathsOf(result)?.sort()).toEqual([
      'autofill.0',
      'explicit',
      'index',
      'lyricsLanguage',
      'primaryGenre',
    ]);
  });

  it('refuses a track without the fields the spec does not mark optional', () => {
    const { pLine: _pLine, artists: _artists, ...rest } = minimal;
    expect(pathsOf(trackSchema.safeParse(rest))?.sort()).toEqual(['artists', 'pLine']);
  });

  it('lists as an array for an album and pages for /v2/tracks, naming the item index', () => {
    expect(trackListSchema.parse([minimal, full])).toHaveLength(2);
    const page = trackPageSchema.safeParse({
      items: [minimal, { ...minimal, contributors: [{ id: 1 }] }],
      currentOffset: 0,
      size: 2,
    });
    expect(pathsOf(page)).toEqual([
      'items.1.contributors.0.name',
      'items.1.contributors.0.role',
      'items.1.contributors.0.createdAt',
      'items.1.contributors.0.updatedAt',
    ]);
  });
});
