import { describe, expect, it } from 'vitest';
import { albumDetailSchema } from './album.js';
import { GENRE_NAMES, RELEASE_TYPE_NAMES, languageName } from './display-names.js';
import { GENRES, RELEASE_TYPES } from './enums.js';
import { labelCopyFileName, labelCopyOf, safeFileName, type LabelCopyFormat } from './label-copy.js';

const stamps = { createdAt: '2026-05-01T09:00:00Z', updatedAt: '2026-05-03T09:00:00Z' };
const credited = (id: number, name: string, role: 'PRIMARY' | 'FEATURING') => ({ id, name, role, ...stamps });

function track(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `t${index}`,
    index,
    title: `Track ${index}`,
    version: null,
    isrc: `QZTH1260000${index}`,
    pLine: '2026 Harbour Records',
    cLine: '',
    lyrics: '',
    artists: [credited(1, 'Mara Lindqvist', 'PRIMARY')],
    contributors: [],
    autofill: [],
    ...stamps,
    ...overrides,
  };
}

const album = albumDetailSchema.parse({
  id: 'alb_1',
  title: 'Harbour Lights',
  version: 'Live',
  primaryGenre: 'HIP_HOP_RAP',
  secondaryGenre: 'CHILDRENS_MUSIC',
  language: 'EN',
  recordLabel: 'Harbour Records',
  barcode: '8720205071234',
  releaseDate: '2026-06-14',
  originalReleaseDate: null,
  catalogNumber: 'TH-0042',
  format: 'BOXSET',
  recordingLocation: null,
  pLine: '2026 Harbour Records',
  cLine: '2026 Harbour Records',
  artists: [credited(1, 'Mara Lindqvist', 'PRIMARY'), credited(2, 'Kite', 'FEATURING')],
  platforms: [],
  territories: ['NL', 'BE'],
  links: [],
  tracks: [
    track(2, {
      title: 'Undertow',
      explicit: true,
      artists: [credited(1, 'Mara Lindqvist', 'PRIMARY'), credited(2, 'Kite', 'FEATURING')],
      contributors: [
        { id: 5, name: 'Ines Varga', role: 'PRODUCER', publisher: null, ...stamps },
        { id: 6, name: 'Oskar Berg', role: 'MUSIC_LYRICS', publisher: 'Berg Songs', ...stamps },
      ],
      cover: true,
      original: { title: 'Undertow', artist: 'The Tides' },
    }),
    track(1, { title: 'Tidewater', version: 'Radio edit', clean: true }),
    track(3, { title: 'Gone', deletedAt: '2026-05-02T09:00:00Z' }),
  ],
  ...stamps,
});

const format: LabelCopyFormat = {
  day: (value) => `day ${value}`,
  duration: (seconds) => `${seconds}s`,
  territories: (codes) => codes.join('+'),
};

describe('genre and release type names', () => {
  it('name every genre and release type the contracts know', () => {
    expect(Object.keys(GENRE_NAMES).sort()).toEqual([...GENRES].sort());
    expect(Object.keys(RELEASE_TYPE_NAMES).sort()).toEqual([...RELEASE_TYPES].sort());
  });

  it('spell genres as the stores are sent them', () => {
    expect(GENRE_NAMES.CHILDRENS_MUSIC).toBe("Children's Music");
    expect(GENRE_NAMES.SPOKEN_WORD).toBe('Spoken Word');
    expect(GENRE_NAMES.HIP_HOP_RAP).toBe('Hip-Hop/Rap');
  });

  it('names languages in English, with the codes Intl cannot name spelled out', () => {
    expect(languageName('EN')).toBe('English');
    expect(languageName('CMN_HANS')).toBe('Mandarin Chinese (Simplified)');
  });
});

describe('labelCopyOf', () => {
  const copy = labelCopyOf(album, format);

  it('lists the release facts in sheet order, in display words, leaving out the empty ones', () => {
    expect(copy.title).toBe('Harbour Lights (Live)');
    expect(copy.facts).toEqual([
      { label: 'Artist', value: 'Mara Lindqvist' },
      { label: 'Featuring', value: 'Kite' },
      { label: 'Type', value: 'Box set' },
      { label: 'Label', value: 'Harbour Records' },
      { label: 'Catalogue number', value: 'TH-0042' },
      { label: 'UPC/EAN', value: '8720205071234' },
      { label: 'Release date', value: 'day 2026-06-14' },
      { label: 'Genre', value: "Hip-Hop/Rap, Children's Music" },
      { label: 'Language', value: 'English' },
      { label: '℗', value: '2026 Harbour Records' },
      { label: '©', value: '2026 Harbour Records' },
      { label: 'Tracks', value: '2' },
      { label: 'Territories', value: 'NL+BE' },
      { label: 'Platforms', value: 'None chosen' },
    ]);
  });

  it('lists the live tracks in order with their credits, rights and what they are based on', () => {
    expect(copy.tracks).toEqual([
      {
        id: 't1',
        index: 1,
        title: 'Tidewater (Radio edit)',
        artists: 'Mara Lindqvist',
        isrc: 'QZTH12600001',
        length: null,
        explicit: 'Clean version',
        credits: '',
        rights: ['℗ 2026 Harbour Records'],
        original: null,
      },
      {
        id: 't2',
        index: 2,
        title: 'Undertow [Explicit]',
        artists: 'Mara Lindqvist, Kite (feat.)',
        isrc: 'QZTH12600002',
        length: null,
        explicit: 'Explicit',
        credits: 'Producer: Ines Varga; Music & lyrics: Oskar Berg (Berg Songs)',
        rights: ['℗ 2026 Harbour Records'],
        original: 'Cover of “Undertow” by The Tides',
      },
    ]);
  });
});

describe('file names', () => {
  it('keep ASCII letters, digits and hyphens only, and are never empty', () => {
    expect(labelCopyFileName(album)).toBe('Harbour-Lights-Live-label-copy.pdf');
    expect(labelCopyFileName({ title: 'Åre / "x"', version: null })).toBe('Are-x-label-copy.pdf');
    expect(labelCopyFileName({ title: '東京', version: null })).toBe('release-label-copy.pdf');
    expect(safeFileName('', '.zip', 'artwork')).toBe('artwork.zip');
  });
});
