import type { ArtistDetail, ArtistProfile } from '@tunehouse/contracts';
import { toArtistImage } from '../media/index.js';
import type { ArtistRecord, ProfileRecord } from './repository.js';

/** A stored profile: imageUrl is required once stored, '' when the platform gave none. */
function toProfile(profile: ProfileRecord): ArtistProfile {
  return {
    platform: profile.platform,
    platformId: profile.platformId,
    name: profile.name,
    url: profile.url,
    imageUrl: profile.imageUrl ?? '',
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/** The detailed artist (with profiles, album and track counts), image URLs under `origin`. */
export function toArtistDetail(artist: ArtistRecord, origin: string): ArtistDetail {
  return {
    id: artist.id,
    name: artist.name,
    image: artist.image ? toArtistImage(artist.image, origin) : null,
    createdAt: artist.createdAt.toISOString(),
    updatedAt: artist.updatedAt.toISOString(),
    profiles: artist.profiles.map(toProfile),
    albumCount: artist.albumCount,
    trackCount: artist.trackCount,
  };
}
