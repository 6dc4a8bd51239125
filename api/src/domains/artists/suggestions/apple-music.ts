import { type ArtistProfileSuggestion, readArtistProfileUrl } from '@tunehouse/contracts';
import { z } from 'zod';
import { type ArtistProfileProvider, fetchJson, ProviderError } from './provider.js';

export type AppleMusicOptions = {
  /** A MusicKit developer token (a JWT signed with the team's key), sent as the bearer. */
  developerToken: string;
  /** The catalogue searched, e.g. us. */
  storefront: string;
  /** https://api.music.apple.com (tests point it at a local server). */
  apiUrl: string;
  limit?: number;
};

const searchSchema = z.object({
  results: z.object({
    artists: z
      .object({
        data: z.array(
          z.object({
            id: z.string(),
            attributes: z.object({
              name: z.string(),
              url: z.string(),
              artwork: z.object({ url: z.string() }).nullish(),
            }),
          }),
        ),
      })
      .optional(),
  }),
});

/** Artwork URLs are templates (`.../{w}x{h}bb.jpg`); 300 px squares are what a suggestion shows. */
export function artworkUrl(template: string | undefined): string | null {
  if (!template) return null;
  const url = template.replace('{w}', '300').replace('{h}', '300').replace('{f}', 'jpg');
  return /[{}]/.test(url) ? null : url;
}

/** Apple Music API: GET /v1/catalog/{storefront}/search?types=artists with the developer token. */
export function createAppleMusicProvider(options: AppleMusicOptions): ArtistProfileProvider {
  return {
    platform: 'APPLE_MUSIC',
    async search(q, signal) {
      const params = new URLSearchParams({ term: q, types: 'artists', limit: String(options.limit ?? 10) });
      const storefront = encodeURIComponent(options.storefront);
      const { status, body } = await fetchJson(
        'APPLE_MUSIC',
        `${options.apiUrl}/v1/catalog/${storefront}/search?${params}`,
        { headers: { authorization: `Bearer ${options.developerToken}` }, signal },
      );
      const parsed = searchSchema.safeParse(body);
      if (!parsed.success) throw new ProviderError('APPLE_MUSIC', `search answered ${status}`);
      // No artist matched: Apple leaves `artists` out of the results.
      return (parsed.data.results.artists?.data ?? []).flatMap((artist): ArtistProfileSuggestion[] => {
        const link = readArtistProfileUrl('APPLE_MUSIC', artist.attributes.url);
        if (!link || link.platformId !== artist.id || !artist.attributes.name) return [];
        return [
          {
            platform: 'APPLE_MUSIC',
            platformId: artist.id,
            name: artist.attributes.name,
            url: link.url,
            imageUrl: artworkUrl(artist.attributes.artwork?.url),
          },
        ];
      });
    },
  };
}
