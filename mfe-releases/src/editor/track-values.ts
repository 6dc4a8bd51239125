import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  CREDIT_ROLES,
  isTrackDeleted,
  genreSchema,
  isrcSchema,
  languageCodeSchema,
  type AlbumDetail,
  type Audio,
  type CreditRole,
  type Genre,
  type Id,
  type LanguageCode,
  type Track,
} from '@tunehouse/contracts';
import type { AlbumFormBody } from '../shared/queries.js';
import type { CreditedArtistValue } from './credited-artists.js';

/** Audio formats the API takes (and probes): WAV, FLAC and AIFF, lossless only. */
export const AUDIO_EXTENSIONS = ['wav', 'flac', 'aif', 'aiff'] as const;
export const AUDIO_ACCEPT = '.wav,.flac,.aif,.aiff,audio/wav,audio/x-wav,audio/flac,audio/aiff,audio/x-aiff';

/** Why an audio file cannot be used, or null when it can. */
export function audioFileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(extension))
    return `${file.name} is not a WAV, FLAC or AIFF file. Upload the lossless master.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export interface ContributorValue {
  contributorId: Id | null;
  name: string;
  role: CreditRole | '';
  publisher: string;
}

/** One track as the form holds it. Ids are named trackId/artistId/contributorId: `id` is react-hook-form's key. */
export interface TrackValues {
  trackId: Id | null;
  title: string;
  version: string;
  isrc: string;
  primaryGenre: Genre | '';
  secondaryGenre: Genre | '';
  previewStart: string;
  pLine: string;
  cLine: string;
  advisory: 'NONE' | 'EXPLICIT' | 'CLEAN';
  instrumental: boolean;
  kind: 'ORIGINAL' | 'COVER' | 'REMIX';
  originalTitle: string;
  originalArtist: string;
  lyrics: string;
  lyricsLanguage: LanguageCode | '';
  artists: CreditedArtistValue[];
  contributors: ContributorValue[];
  /** The audio on the server, if any. */
  audio: Audio | null;
  /** A new audio file to send with the next save. */
  file: File | null;
}
export interface TracksValues {
  tracks: TrackValues[];
}

export function trackValues(track: Track): TrackValues {
  return {
    trackId: track.id,
    title: track.title ?? '',
    version: track.version ?? '',
    isrc: track.isrc ?? '',
    primaryGenre: track.primaryGenre ?? '',
    secondaryGenre: track.secondaryGenre ?? '',
    previewStart:
      track.previewStart === null || track.previewStart === undefined ? '' : String(track.previewStart),
    pLine: track.pLine,
    cLine: track.cLine,
    advisory: track.explicit ? 'EXPLICIT' : track.clean ? 'CLEAN' : 'NONE',
    instrumental: track.instrumental === true,
    kind: track.cover ? 'COVER' : track.remix ? 'REMIX' : 'ORIGINAL',
    originalTitle: track.original?.title ?? '',
    originalArtist: track.original?.artist ?? '',
    lyrics: track.lyrics,
    lyricsLanguage: track.lyricsLanguage ?? '',
    artists: track.artists.map((artist) => ({ artistId: artist.id, name: artist.name, role: artist.role })),
    contributors: track.contributors.map((contributor) => ({
      contributorId: contributor.id,
      name: contributor.name,
      role: contributor.role,
      publisher: contributor.publisher ?? '',
    })),
    audio: track.audio ?? null,
    file: null,
  };
}

export const tracksValues = (album: AlbumDetail): TracksValues => ({
  tracks: album.tracks
    .filter((track) => !isTrackDeleted(track))
    .sort((a, b) => a.index - b.index)
    .map(trackValues),
});

/** A new track for an audio file: titled after the file, crediting the release's artists, genre and lines. */
export function newTrack(album: AlbumDetail, file: File | null): TrackValues {
  const title = file
    ? file.name
        .replace(/\.[^.]+$/, '')
        .replace(/[_]+/g, ' ')
        .trim()
    : '';
  return {
    trackId: null,
    title,
    version: '',
    isrc: '',
    primaryGenre: album.primaryGenre ?? '',
    secondaryGenre: album.secondaryGenre ?? '',
    previewStart: '',
    pLine: album.pLine ?? '',
    cLine: album.cLine ?? '',
    advisory: 'NONE',
    instrumental: false,
    kind: 'ORIGINAL',
    originalTitle: '',
    originalArtist: '',
    lyrics: '',
    lyricsLanguage: '',
    artists: (album.artists ?? []).map((artist) => ({
      artistId: artist.id,
      name: artist.name,
      role: artist.role,
    })),
    contributors: [],
    audio: null,
    file,
  };
}

const line = (label: string) => z.string().trim().max(200, `${label}: at most 200 characters`);

const contributorSchema = z.object({
  contributorId: z.custom<Id | null>(),
  name: z.string().trim().min(1, 'Name the contributor').max(200),
  role: z.union([z.literal(''), z.enum(CREDIT_ROLES)]).refine((role) => role !== '', 'Choose the role'),
  publisher: line('Publisher'),
});

const trackSchema = z
  .object({
    trackId: z.custom<Id | null>(),
    title: line('Title'),
    version: line('Version'),
    isrc: z
      .string()
      .trim()
      .superRefine((value, context) => {
        if (value === '') return;
        const result = isrcSchema.safeParse(value);
        if (!result.success)
          context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Not an ISRC' });
      }),
    primaryGenre: z.union([z.literal(''), genreSchema]),
    secondaryGenre: z.union([z.literal(''), genreSchema]),
    previewStart: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 0),
        'Give the start in seconds, such as 45',
      ),
    pLine: line('℗ line'),
    cLine: line('© line'),
    advisory: z.enum(['NONE', 'EXPLICIT', 'CLEAN']),
    instrumental: z.boolean(),
    kind: z.enum(['ORIGINAL', 'COVER', 'REMIX']),
    originalTitle: line('Original title'),
    originalArtist: line('Original artist'),
    lyrics: z.string().max(20_000, 'Lyrics: at most 20,000 characters'),
    lyricsLanguage: z.union([z.literal(''), languageCodeSchema]),
    artists: z.array(z.custom<CreditedArtistValue>()),
    contributors: z.array(contributorSchema),
    audio: z.custom<Audio | null>(),
    file: z.custom<File | null>().superRefine((file, context) => {
      const problem = file ? audioFileProblem(file) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  })
  .superRefine((track, context) => {
    if (track.kind !== 'ORIGINAL') {
      const what = track.kind === 'COVER' ? 'A cover' : 'A remix';
      if (track.originalTitle.trim() === '')
        context.addIssue({
          code: 'custom',
          path: ['originalTitle'],
          message: `${what} names the original title`,
        });
      if (track.originalArtist.trim() === '')
        context.addIssue({
          code: 'custom',
          path: ['originalArtist'],
          message: `${what} names the original artist`,
        });
    }
    if (track.primaryGenre && track.primaryGenre === track.secondaryGenre)
      context.addIssue({
        code: 'custom',
        path: ['secondaryGenre'],
        message: 'Choose a genre other than the primary one',
      });
    if (
      track.audio &&
      track.previewStart !== '' &&
      Number(track.previewStart) >= track.audio.original.duration
    )
      context.addIssue({
        code: 'custom',
        path: ['previewStart'],
        message: 'The preview starts after the end of the audio',
      });
  });

export const tracksSchema = z.object({ tracks: z.array(trackSchema) });

/**
 * The form's tracks as the album form's `tracks` (the whole list, in order), and the new audio files by position:
 * they are uploaded one by one, each to its track, once the tracks exist.
 */
export function tracksBody(values: TracksValues): {
  body: AlbumFormBody;
  audio: { position: number; file: File }[];
} {
  const audio: { position: number; file: File }[] = [];
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const tracks = values.tracks.map((track, position) => {
    if (track.file) audio.push({ position, file: track.file });
    return {
      ...(track.trackId === null ? {} : { id: track.trackId }),
      index: position + 1,
      title: orNull(track.title),
      version: orNull(track.version),
      primaryGenre: track.primaryGenre || null,
      secondaryGenre: track.secondaryGenre || null,
      isrc: orNull(track.isrc),
      previewStart: track.previewStart.trim() === '' ? null : Number(track.previewStart),
      pLine: track.pLine.trim(),
      cLine: track.cLine.trim(),
      instrumental: track.instrumental,
      explicit: track.advisory === 'EXPLICIT',
      clean: track.advisory === 'CLEAN',
      cover: track.kind === 'COVER',
      remix: track.kind === 'REMIX',
      original:
        track.kind === 'ORIGINAL'
          ? null
          : { title: track.originalTitle.trim(), artist: track.originalArtist.trim() },
      lyrics: track.instrumental ? '' : track.lyrics,
      lyricsLanguage: track.instrumental ? null : track.lyricsLanguage || null,
      artists: track.artists.map((artist) => ({ id: artist.artistId, role: artist.role })),
      contributors: track.contributors.map((contributor) =>
        contributor.contributorId !== null
          ? { id: contributor.contributorId, role: contributor.role as CreditRole }
          : {
              name: contributor.name.trim(),
              role: contributor.role as CreditRole,
              publisher: orNull(contributor.publisher),
            },
      ),
    };
  });
  return { body: { tracks }, audio };
}

const SAME_NAMES = [
  'title',
  'version',
  'isrc',
  'primaryGenre',
  'secondaryGenre',
  'previewStart',
  'pLine',
  'cLine',
  'lyrics',
  'lyricsLanguage',
];

/** Where the API's issue on `tracks.N.…` belongs in the form, or null for the form's own message. */
export function trackFieldOf(apiPath: string): FieldPath<TracksValues> | null {
  const match = /^tracks\.(\d+)\.(.+)$/.exec(apiPath);
  if (!match) return null;
  const [, position, rest = ''] = match;
  const field = rest.split('.')[0] ?? '';
  const at = Number(position);
  if (SAME_NAMES.includes(field)) return `tracks.${at}.${field}` as FieldPath<TracksValues>;
  if (field === 'clean' || field === 'explicit') return `tracks.${at}.advisory`;
  if (field === 'original')
    return rest.endsWith('artist') ? `tracks.${at}.originalArtist` : `tracks.${at}.originalTitle`;
  if (field === 'audio') return `tracks.${at}.file`;
  const contributor = /^contributors\.(\d+)\.(name|role|publisher)$/.exec(rest);
  if (contributor)
    return `tracks.${at}.contributors.${Number(contributor[1])}.${contributor[2]}` as FieldPath<TracksValues>;
  return null;
}
