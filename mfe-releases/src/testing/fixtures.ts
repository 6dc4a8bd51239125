/** Test data for the area's unit tests (never imported by the area itself); the fake API is @tunehouse/testing's. */

const NOW = '2026-11-20T10:00:00.000Z';

export function trackJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'track-1',
    index: 1,
    title: 'Night Swimming',
    version: null,
    primaryGenre: 'ELECTRONIC',
    secondaryGenre: null,
    isrc: 'QZTH12600001',
    previewStart: 1,
    pLine: '2026 Lumen Records',
    cLine: '2026 Lumen Records',
    instrumental: false,
    explicit: false,
    clean: false,
    cover: false,
    remix: false,
    lyrics: '',
    lyricsLanguage: null,
    artists: [{ id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY', createdAt: NOW, updatedAt: NOW }],
    audio: {
      id: 'audio-1',
      original: {
        name: 'night-swimming.wav',
        url: 'http://api.test/v1/media/audio/audio-1/original.wav',
        size: 705_644,
        sampleRate: 44_100,
        channels: 2,
        duration: 4,
        format: 'WAV',
        bitDepth: 16,
        bitRate: 1_411_200,
      },
      mp3: { url: 'http://api.test/v1/media/audio/audio-1/preview.mp3', size: 64_000, duration: 4 },
    },
    contributors: [],
    original: null,
    autofill: [],
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...overrides,
  };
}

export function albumJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'album-1',
    title: 'Night Swimming',
    status: 'DRAFT',
    reviewStatus: 'PENDING',
    reviewReasons: [],
    version: null,
    primaryGenre: 'ELECTRONIC',
    secondaryGenre: null,
    language: 'EN',
    recordLabel: 'Lumen Records',
    barcode: null,
    originalReleaseDate: null,
    releaseDate: null,
    catalogNumber: null,
    format: 'SINGLE',
    recordingLocation: null,
    pLine: '2026 Lumen Records',
    cLine: '2026 Lumen Records',
    ai: false,
    artists: [{ id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY', createdAt: NOW, updatedAt: NOW }],
    platforms: [],
    territories: [],
    artwork: null,
    autofill: [],
    createdAt: NOW,
    updatedAt: NOW,
    publishedAt: null,
    deletedAt: null,
    tracks: [],
    links: [],
    ...overrides,
  };
}

export function reviewJson(
  problems: Record<string, unknown>[] = [],
  overrides: Record<string, unknown> = {},
) {
  return {
    albumId: 'album-1',
    ready: problems.length === 0,
    problems,
    status: 'DRAFT',
    reviewStatus: 'PENDING',
    reviewReasons: [],
    ...overrides,
  };
}

/** The JSON body of a recorded request (the album form is sent as JSON unless it carries a file). */
export function bodyOf(request: { body?: unknown } | undefined): Record<string, unknown> {
  const body = request?.body;
  if (body instanceof FormData) return JSON.parse(String(body.get('metadata'))) as Record<string, unknown>;
  return body as Record<string, unknown>;
}
