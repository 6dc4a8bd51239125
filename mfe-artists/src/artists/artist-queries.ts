import { queryOptions } from '@tanstack/react-query';
import {
  ARTIST_IMAGE_FIELD,
  call,
  endpoints,
  type ArtistDetail,
  type ArtistProfilePlatform,
  type ArtistProfileSuggestion,
  parseUnsearchedPlatforms,
  UNSEARCHED_PLATFORMS_HEADER,
  type UnsearchedPlatform,
  type ArtistSortField,
  type CreateArtistBody,
  type UpdateArtistBody,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

export interface ArtistListParams {
  q?: string | undefined;
  orderBy: ArtistSortField;
  order: 'asc' | 'desc';
  offset: number;
  size: number;
}

/** Hierarchical keys: everything of the area under ['artists'], lists under ['artists', 'list']. */
export const artistKeys = {
  all: ['artists'] as const,
  lists: () => [...artistKeys.all, 'list'] as const,
  list: (params: ArtistListParams) => [...artistKeys.lists(), params] as const,
  suggestions: (platform: ArtistProfilePlatform, q: string) =>
    [...artistKeys.all, 'suggestions', platform, q] as const,
};

/** The account's artists, a page at a time; the page shown stays while the next one loads. */
export function artistsQuery(api: Api, params: ArtistListParams) {
  return queryOptions({
    queryKey: artistKeys.list(params),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.artists.list,
        {
          query: {
            q: params.q,
            order_by: params.orderBy,
            order: params.order,
            offset: params.offset,
            size: params.size,
          },
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

export interface ProfileSuggestions {
  items: ArtistProfileSuggestion[];
  /**
   * The asked platforms whose own catalogue was not searched, from the answer's X-Unsearched-Platforms header.
   * Empty under a shell before contract 1.3, which does not hand the headers over: no note is shown then.
   */
  unsearchedPlatforms: UnsearchedPlatform[];
}

/** One platform's profiles matching a name, and whether its own catalogue was searched. */
export function artistSuggestionsQuery(api: Api, platform: ArtistProfilePlatform, q: string) {
  return queryOptions({
    queryKey: artistKeys.suggestions(platform, q),
    queryFn: async ({ signal }): Promise<ProfileSuggestions> => {
      let unsearchedPlatforms: UnsearchedPlatform[] = [];
      const items = await call(
        api,
        endpoints.artists.suggestions,
        { query: { q, 'platform[]': [platform] } },
        {
          signal,
          onResponseHeaders: (headers) => {
            unsearchedPlatforms = parseUnsearchedPlatforms(headers.get(UNSEARCHED_PLATFORMS_HEADER));
          },
        },
      );
      return { items, unsearchedPlatforms };
    },
    enabled: q.length > 0,
  });
}

export function createArtist(api: Api, body: CreateArtistBody): Promise<ArtistDetail> {
  return call(api, endpoints.artists.create, { body });
}

export function updateArtist(
  api: Api,
  id: ArtistDetail['id'],
  body: UpdateArtistBody,
): Promise<ArtistDetail> {
  return call(api, endpoints.artists.update, { params: { id: String(id) }, body });
}

export function deleteArtist(api: Api, id: ArtistDetail['id']): Promise<void> {
  return call(api, endpoints.artists.remove, { params: { id: String(id) } });
}

/**
 * Sets the artist image (multipart/form-data with one file part named `image`), reporting the share of the file
 * sent (0–100).
 */
export function uploadArtistImage(
  api: Api,
  id: ArtistDetail['id'],
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ArtistDetail> {
  const form = new FormData();
  form.append(ARTIST_IMAGE_FIELD, file, file.name);
  return call(
    api,
    endpoints.artists.setImage,
    { params: { id: String(id) }, body: form },
    onProgress
      ? {
          onUploadProgress: (loaded: number, total: number) =>
            onProgress(total > 0 ? (loaded / total) * 100 : 0),
        }
      : {},
  );
}

export function removeArtistImage(api: Api, id: ArtistDetail['id']): Promise<ArtistDetail> {
  return call(api, endpoints.artists.removeImage, { params: { id: String(id) } });
}

/** The rendition for a size in CSS px (2× for sharp screens): thumbnail (150), medium (500), else the original. */
export function artistImageUrl(artist: Pick<ArtistDetail, 'image'>, cssPixels: number): string | null {
  const image = artist.image;
  if (!image) return null;
  const wanted = cssPixels * 2;
  if (wanted <= 150 && image.thumbnail) return image.thumbnail.url;
  if (wanted <= 500 && image.medium) return image.medium.url;
  return (image.large ?? image.medium ?? image.original).url;
}
