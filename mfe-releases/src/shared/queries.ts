import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ALBUM_FORM_PARTS,
  call,
  endpoints,
  TRACK_AUDIO_FIELD,
  type AlbumDetail,
  type AlbumFormRequest,
  type albumFormRequestSchema,
  type AlbumListQuery,
  type AlbumStatus,
  type Id,
  type PublishAlbumRequest,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import type { z } from 'zod';

type Api = ShellContext['api'];

/** The catalogue's query: the page window, the sort and the filters, as the URL holds them. */
export interface AlbumListParams {
  offset: number;
  size: number;
  order_by: AlbumListQuery['order_by'];
  order: AlbumListQuery['order'];
  q?: string | undefined;
  status?: AlbumStatus | undefined;
  /** Albums crediting this artist. */
  artist?: string | undefined;
}

export const releaseKeys = {
  all: ['releases'] as const,
  lists: () => [...releaseKeys.all, 'list'] as const,
  list: (params: AlbumListParams) => [...releaseKeys.lists(), params] as const,
  album: (id: Id) => [...releaseKeys.all, 'album', String(id)] as const,
  platforms: (id: Id) => [...releaseKeys.album(id), 'platforms'] as const,
  review: (id: Id) => [...releaseKeys.album(id), 'review'] as const,
  fee: (id: Id) => [...releaseKeys.album(id), 'distribution-fee'] as const,
  artistChoices: ['releases', 'artist-choices'] as const,
  artists: (q: string) => ['releases', 'artist-choices', q] as const,
  contributors: (q: string) => ['releases', 'contributor-choices', q] as const,
};

/** One page of the catalogue. */
export function albumsQuery(api: Api, params: AlbumListParams) {
  return queryOptions({
    queryKey: releaseKeys.list(params),
    queryFn: ({ signal }) => call(api, endpoints.releases.albums.list, { query: { ...params } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** The detailed album with its tracks and links. */
export function albumQuery(api: Api, id: Id) {
  return queryOptions({
    queryKey: releaseKeys.album(id),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.albums.get, { params: { id: String(id) } }, { signal }),
  });
}

/** The delivery state per platform. */
export function albumPlatformsQuery(api: Api, id: Id) {
  return queryOptions({
    queryKey: releaseKeys.platforms(id),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.albums.platforms, { params: { id: String(id) } }, { signal }),
  });
}

/** Whether the album can be published, and every problem with its step and path. */
export function albumReviewQuery(api: Api, id: Id) {
  return queryOptions({
    queryKey: releaseKeys.review(id),
    queryFn: ({ signal }) =>
      call(api, endpoints.releases.albums.review, { params: { id: String(id) } }, { signal }),
  });
}

/** The account's artists to credit, by name. */
export function artistChoicesQuery(api: Api, q: string, size = 20) {
  return queryOptions({
    queryKey: [...releaseKeys.artists(q), size],
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.artists.list,
        { query: { q: q || undefined, size, order_by: 'name', order: 'asc' } },
        { signal },
      ),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** The account's contributors, to credit them again by id. */
export function contributorChoicesQuery(api: Api, q: string) {
  return queryOptions({
    queryKey: releaseKeys.contributors(q),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.contributors.list,
        { query: { q: q || undefined, size: 50, order_by: 'name', order: 'asc' } },
        { signal },
      ),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

/** A new artist by name, to credit at once. */
export function createArtist(api: Api, name: string) {
  return call(api, endpoints.artists.create, { body: { name } });
}

/** The JSON part of the album form, as the API reads it (before its own parsing). */
export type AlbumFormBody = z.input<typeof albumFormRequestSchema>;
export type { AlbumFormRequest };

/**
 * The album form as multipart (docs/decisions/0033-releases-api.md): the JSON in the `metadata` part and the artwork file. Without a
 * file the JSON is sent as it is (the API takes both).
 */
export function albumFormBody(body: AlbumFormBody, artwork?: File): AlbumFormBody | FormData {
  if (!artwork) return body;
  const form = new FormData();
  form.append(ALBUM_FORM_PARTS.metadata, JSON.stringify(body));
  form.append(ALBUM_FORM_PARTS.artwork, artwork, artwork.name);
  return form;
}

/** Keeps a saved album in the cache and marks what depends on it as stale (its review, platforms, the lists). */
export async function albumSaved(queryClient: QueryClient, album: AlbumDetail) {
  queryClient.setQueryData(releaseKeys.album(album.id), album);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: releaseKeys.review(album.id) }),
    queryClient.invalidateQueries({ queryKey: releaseKeys.platforms(album.id) }),
    queryClient.invalidateQueries({ queryKey: releaseKeys.lists() }),
  ]);
}

/** Creates (no id) or changes an album; the answer is the detailed album, kept in the cache at once. */
export async function saveAlbum(
  api: Api,
  queryClient: QueryClient,
  id: Id | undefined,
  body: AlbumFormBody,
  artwork?: File,
): Promise<AlbumDetail> {
  const form = albumFormBody(body, artwork);
  const album =
    id === undefined
      ? await call(api, endpoints.releases.albums.create, { body: form })
      : await call(api, endpoints.releases.albums.update, { params: { id: String(id) }, body: form });
  await albumSaved(queryClient, album);
  return album;
}

/**
 * Uploads one track's audio file; the answer is the track. `onProgress` gets the bytes of the request sent so far
 * (multipart overhead included).
 */
export function uploadTrackAudio(
  api: Api,
  albumId: Id,
  trackId: Id,
  file: File,
  onProgress?: (loaded: number, total: number) => void,
) {
  const form = new FormData();
  form.append(TRACK_AUDIO_FIELD, file, file.name);
  return call(
    api,
    endpoints.releases.tracks.setAudio,
    { params: { albumId: String(albumId), id: String(trackId) }, body: form },
    onProgress ? { onUploadProgress: onProgress } : {},
  );
}

/** Delivers the album (or its changes) to its platforms. */
export async function publishAlbum(api: Api, queryClient: QueryClient, id: Id, body: PublishAlbumRequest) {
  const album = await call(api, endpoints.releases.albums.publish, { params: { id: String(id) }, body });
  await albumSaved(queryClient, album);
  return album;
}

/**
 * Takes the album down everywhere. expected_amount_due is the settlement the user was shown
 * (0 without one); the API refuses with 409 when it no longer matches.
 */
export async function takeDownAlbum(api: Api, queryClient: QueryClient, id: Id, expectedAmountDue = 0) {
  await call(api, endpoints.releases.albums.takeDown, {
    params: { id: String(id) },
    query: { expected_amount_due: expectedAmountDue },
  });
  await queryClient.invalidateQueries({ queryKey: releaseKeys.album(id) });
  await queryClient.invalidateQueries({ queryKey: releaseKeys.lists() });
}
