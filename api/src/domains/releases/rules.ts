import type { ReleaseType, ReviewProblem, ReviewProblemCode } from '@tunehouse/contracts';
import type { AlbumDetailRecord } from './repository.js';
import { isOnPlatform } from './states.js';

/**
 * Release type by track count and length, as the stores apply it (docs/decisions/0033-releases-api.md):
 * - SINGLE: 1 to 3 tracks, each under 10 minutes, together under 30 minutes;
 * - EP: 1 to 3 tracks of which one lasts 10 minutes or more, or 4 to 6 tracks; together under 30 minutes;
 * - ALBUM (or BOXSET): 7 tracks or more, or 30 minutes or more.
 */
export const RELEASE_TYPE_RULES = {
  longTrackSeconds: 10 * 60,
  albumSeconds: 30 * 60,
  singleMaxTracks: 3,
  epMaxTracks: 6,
} as const;

export function expectedReleaseType(durations: number[]): 'SINGLE' | 'EP' | 'ALBUM' {
  const total = durations.reduce((sum, duration) => sum + duration, 0);
  const longest = Math.max(0, ...durations);
  if (durations.length > RELEASE_TYPE_RULES.epMaxTracks || total >= RELEASE_TYPE_RULES.albumSeconds)
    return 'ALBUM';
  if (durations.length > RELEASE_TYPE_RULES.singleMaxTracks || longest >= RELEASE_TYPE_RULES.longTrackSeconds)
    return 'EP';
  return 'SINGLE';
}

const TYPE_NAMES: Record<ReleaseType, string> = {
  SINGLE: 'a single',
  EP: 'an EP',
  ALBUM: 'an album',
  BOXSET: 'a box set',
};

export type ReviewOptions = {
  /** Today, YYYY-MM-DD (UTC). */
  today: string;
  minLeadDays: number;
  /** A barcode / ISRCs would be assigned at publishing when missing. */
  assignsBarcode: boolean;
  assignsIsrc: boolean;
};

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * Every reason the album cannot be published as it stands, in editor order. Paths are those of the album form
 * (tracks by their place in the album's track list).
 */
export function reviewRelease(album: AlbumDetailRecord, options: ReviewOptions): ReviewProblem[] {
  const problems: ReviewProblem[] = [];
  const add = (
    code: ReviewProblemCode,
    step: ReviewProblem['step'],
    path: ReviewProblem['path'],
    message: string,
    trackId?: string,
  ) => problems.push({ code, step, path, message, ...(trackId ? { trackId } : {}) });
  const blank = (value: string | null | undefined) => !value || value.trim() === '';

  // details
  if (blank(album.title)) add('TITLE_MISSING', 'details', ['title'], 'Give the release a title');
  if (!album.primaryGenre)
    add('PRIMARY_GENRE_MISSING', 'details', ['primaryGenre'], 'Choose a primary genre');
  if (!album.language) add('LANGUAGE_MISSING', 'details', ['language'], 'Choose the language of the release');
  if (!album.format) add('FORMAT_MISSING', 'details', ['format'], 'Choose the release type');
  if (blank(album.pLine))
    add('P_LINE_MISSING', 'details', ['pLine'], 'Enter the ℗ line (who owns the recordings)');
  if (blank(album.cLine))
    add('C_LINE_MISSING', 'details', ['cLine'], 'Enter the © line (who owns the artwork and text)');
  if (!album.barcode && !options.assignsBarcode)
    add('BARCODE_MISSING', 'details', ['barcode'], 'Enter the release’s UPC or EAN barcode');
  if (album.ai === null)
    add('AI_FLAG_MISSING', 'details', ['ai'], 'Say whether the music was generated with AI');

  // artists
  if (!album.artists.some((artist) => artist.role === 'PRIMARY'))
    add('PRIMARY_ARTIST_MISSING', 'artists', ['artists'], 'Add at least one primary artist');

  // artwork
  if (!album.artwork)
    add('ARTWORK_MISSING', 'artwork', ['artwork'], 'Upload the artwork (at least 3000×3000)');

  // tracks
  if (album.tracks.length === 0) add('TRACKS_MISSING', 'tracks', ['tracks'], 'Add at least one track');
  album.tracks.forEach((track, position) => {
    const at = (field: string): ReviewProblem['path'] => ['tracks', position, field];
    const name = `Track ${position + 1}${track.title ? ` (${track.title})` : ''}`;
    if (blank(track.title))
      add('TRACK_TITLE_MISSING', 'tracks', at('title'), `${name} needs a title`, track.id);
    if (!track.audio)
      add('TRACK_AUDIO_MISSING', 'tracks', at('audio'), `${name} needs its audio file`, track.id);
    if (!track.isrc && !options.assignsIsrc)
      add('TRACK_ISRC_MISSING', 'tracks', at('isrc'), `${name} needs an ISRC`, track.id);
    if ((track.cover || track.remix) && !track.original) {
      const kind = track.cover ? 'cover' : 'remix';
      add(
        'TRACK_ORIGINAL_MISSING',
        'tracks',
        at('original'),
        `${name} is a ${kind}: name the original title and artist`,
        track.id,
      );
    }
    if (track.explicit && track.clean)
      add(
        'TRACK_EXPLICIT_AND_CLEAN',
        'tracks',
        at('clean'),
        `${name} cannot be both explicit and clean`,
        track.id,
      );
    if (track.instrumental && track.explicit)
      add(
        'TRACK_INSTRUMENTAL_EXPLICIT',
        'tracks',
        at('explicit'),
        `${name} is instrumental, so it cannot be explicit`,
        track.id,
      );
    if (track.instrumental && !blank(track.lyrics))
      add(
        'TRACK_INSTRUMENTAL_LYRICS',
        'tracks',
        at('lyrics'),
        `${name} is instrumental, so it has no lyrics`,
        track.id,
      );
  });
  const durations = album.tracks.map((track) => track.audio?.duration);
  if (album.format && durations.length > 0 && durations.every((duration) => duration !== undefined)) {
    const expected = expectedReleaseType(durations as number[]);
    const fits = album.format === expected || (album.format === 'BOXSET' && expected === 'ALBUM');
    if (!fits) {
      const minutes = Math.round((durations as number[]).reduce((sum, d) => sum + d, 0) / 6) / 10;
      add(
        'RELEASE_TYPE_MISMATCH',
        'details',
        ['format'],
        `${durations.length} track${durations.length === 1 ? '' : 's'} lasting ${minutes} min make ${TYPE_NAMES[expected]}, not ${TYPE_NAMES[album.format]}`,
      );
    }
  }

  // distribution
  const everDelivered = album.deliveries.some((state) => isOnPlatform(state) || state.current !== null);
  if (!album.releaseDate)
    add('RELEASE_DATE_MISSING', 'distribution', ['releaseDate'], 'Choose the release date');
  else if (!everDelivered && album.releaseDate < addDays(options.today, options.minLeadDays)) {
    add(
      'RELEASE_DATE_TOO_SOON',
      'distribution',
      ['releaseDate'],
      `The release date must be at least ${options.minLeadDays} days from today (${addDays(options.today, options.minLeadDays)} or later)`,
    );
  }
  if (album.platforms.length === 0)
    add('PLATFORMS_MISSING', 'distribution', ['platforms'], 'Choose at least one platform');
  if (album.territories.length === 0)
    add('TERRITORIES_MISSING', 'distribution', ['territories'], 'Choose Worldwide or at least one territory');
  return problems;
}
