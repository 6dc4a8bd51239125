import type { CreditedArtist, Track } from '@tunehouse/contracts';
import { toArtistImage, toAudio } from '../media/index.js';
import type { CreditedArtistRecord, TrackRecord } from './track-repository.js';

export function toCreditedArtist(artist: CreditedArtistRecord, origin: string): CreditedArtist {
  return {
    id: artist.id,
    name: artist.name,
    role: artist.role,
    image: artist.image ? toArtistImage(artist.image, origin) : null,
    createdAt: artist.createdAt.toISOString(),
    updatedAt: artist.updatedAt.toISOString(),
  };
}

/** A track as answered; `index` is its place on the album (1-based), file URLs are under `origin`. */
export function toTrack(track: TrackRecord, origin: string): Track {
  return {
    id: track.id,
    index: track.position,
    title: track.title,
    version: track.version,
    primaryGenre: track.primaryGenre,
    secondaryGenre: track.secondaryGenre,
    isrc: track.isrc,
    previewStart: track.previewStart,
    pLine: track.pLine,
    cLine: track.cLine,
    instrumental: track.instrumental,
    explicit: track.explicit,
    clean: track.clean,
    cover: track.cover,
    remix: track.remix,
    lyrics: track.lyrics,
    lyricsLanguage: track.lyricsLanguage,
    artists: track.artists.map((artist) => toCreditedArtist(artist, origin)),
    audio: track.audio ? toAudio(track.audio, origin) : null,
    contributors: track.contributors.map((contributor) => ({
      id: contributor.id,
      name: contributor.name,
      role: contributor.role,
      publisher: contributor.publisher,
      createdAt: contributor.createdAt.toISOString(),
      updatedAt: contributor.updatedAt.toISOString(),
    })),
    original: track.original,
    autofill: track.autofill,
    createdAt: track.createdAt.toISOString(),
    updatedAt: track.updatedAt.toISOString(),
    deletedAt: track.deletedAt?.toISOString() ?? null,
  };
}
