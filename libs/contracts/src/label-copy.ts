import type { AlbumDetail } from './album.js';
import { CREDIT_ROLE_NAMES } from './artist.js';
import { RELEASE_TYPE_NAMES, genresText, languageName } from './display-names.js';
import { PLATFORM_NAMES } from './platforms.js';
import { isTrackDeleted, type Track } from './track.js';

/**
 * The label copy: the one sheet a label, distributor or store asks for about a release. This says what it
 * contains and in which words; the releases page and the API's PDF only lay it out, so the two never disagree.
 * Dates, lengths and territory lists are written the way each medium writes them, through `LabelCopyFormat`.
 */
export interface LabelCopyFormat {
  /** A calendar day as it travels (`YYYY-MM-DD`). */
  day(value: string): string;
  /** A length in seconds. */
  duration(seconds: number): string;
  /** The release's territories (country codes); every territory there is reads as worldwide. */
  territories(codes: readonly string[]): string;
}

export interface LabelCopyTrack {
  id: string;
  index: number;
  /** Title with its version and an `[Explicit]` mark. */
  title: string;
  /** `Feat.` marks the featured artists; empty when the track has the release's artists. */
  artists: string;
  isrc: string | null;
  length: string | null;
  /** Explicit, clean version, instrumental, or no. */
  explicit: string;
  /** `Role: Name (Publisher)` per contributor, `; ` between them. */
  credits: string;
  /** `℗ …` and `© …`, whichever the track has. */
  rights: string[];
  /** What a cover or remix is based on. */
  original: string | null;
}

export interface LabelCopy {
  title: string;
  /** The release's facts in sheet order; facts without a value are left out. */
  facts: { label: string; value: string }[];
  tracks: LabelCopyTrack[];
}

/** The release's title with its version; an untitled draft still gets a name. */
export function releaseTitle(album: Pick<AlbumDetail, 'title' | 'version'>): string {
  return `${album.title?.trim() || 'Untitled release'}${album.version ? ` (${album.version})` : ''}`;
}

/** The tracks a release has now, in order (deleted ones are kept for the history, not the sheet). */
export function liveTracks(album: Pick<AlbumDetail, 'tracks'>): Track[] {
  return album.tracks.filter((track) => !isTrackDeleted(track)).sort((a, b) => a.index - b.index);
}

export function creditsOf(track: Pick<Track, 'contributors'>): string {
  return track.contributors
    .map(
      (contributor) =>
        `${CREDIT_ROLE_NAMES[contributor.role]}: ${contributor.name}${contributor.publisher ? ` (${contributor.publisher})` : ''}`,
    )
    .join('; ');
}

function explicitOf(track: Track): string {
  if (track.explicit) return 'Explicit';
  if (track.clean) return 'Clean version';
  if (track.instrumental) return 'Instrumental';
  return 'No';
}

function trackOf(track: Track, format: LabelCopyFormat): LabelCopyTrack {
  return {
    id: String(track.id),
    index: track.index,
    title: `${track.title || 'Untitled'}${track.version ? ` (${track.version})` : ''}${track.explicit ? ' [Explicit]' : ''}`,
    artists: track.artists
      .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
      .join(', '),
    isrc: track.isrc ?? null,
    length: track.audio ? format.duration(track.audio.original.duration) : null,
    explicit: explicitOf(track),
    credits: creditsOf(track),
    rights: [track.pLine && `℗ ${track.pLine}`, track.cLine && `© ${track.cLine}`].filter(
      (line): line is string => Boolean(line),
    ),
    original: track.original
      ? `${track.cover ? 'Cover' : 'Remix'} of “${track.original.title}” by ${track.original.artist}`
      : null,
  };
}

const namesOf = (album: AlbumDetail, role: 'PRIMARY' | 'FEATURING') =>
  (album.artists ?? [])
    .filter((artist) => artist.role === role)
    .map((artist) => artist.name)
    .join(', ');

export function labelCopyOf(album: AlbumDetail, format: LabelCopyFormat): LabelCopy {
  const tracks = liveTracks(album);
  const total = tracks.reduce((sum, track) => sum + (track.audio?.original.duration ?? 0), 0);
  const platforms = album.platforms ?? [];
  const facts: [string, string | null | undefined][] = [
    ['Artist', namesOf(album, 'PRIMARY')],
    ['Featuring', namesOf(album, 'FEATURING')],
    ['Type', album.format ? RELEASE_TYPE_NAMES[album.format] : null],
    ['Label', album.recordLabel],
    ['Catalogue number', album.catalogNumber],
    ['UPC/EAN', album.barcode],
    ['Release date', album.releaseDate ? format.day(album.releaseDate) : null],
    ['Original release date', album.originalReleaseDate ? format.day(album.originalReleaseDate) : null],
    ['Genre', genresText(album)],
    ['Language', album.language ? languageName(album.language) : null],
    ['Recorded at', album.recordingLocation],
    ['℗', album.pLine],
    ['©', album.cLine],
    ['Tracks', `${tracks.length}${total > 0 ? `, ${format.duration(total)}` : ''}`],
    ['Territories', format.territories(album.territories ?? [])],
    [
      'Platforms',
      platforms.length === 0
        ? 'None chosen'
        : platforms.map((platform) => PLATFORM_NAMES[platform]).join(', '),
    ],
  ];
  return {
    title: releaseTitle(album),
    facts: facts.flatMap(([label, value]) => (value ? [{ label, value }] : [])),
    tracks: tracks.map((track) => trackOf(track, format)),
  };
}

/**
 * A file name any system takes, made from a title: ASCII letters, digits and hyphens (accents dropped, no path
 * separators or quotes), at most 80 characters before `suffix`, never empty.
 */
export function safeFileName(title: string, suffix: string, fallback = 'release'): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || fallback}${suffix}`;
}

/** The label copy PDF's file name: the page saves it under the same name the API's download gives it. */
export function labelCopyFileName(album: Pick<AlbumDetail, 'title' | 'version'>): string {
  return safeFileName(releaseTitle(album), '-label-copy.pdf');
}
