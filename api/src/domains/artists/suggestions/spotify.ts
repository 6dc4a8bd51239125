import { type ArtistProfileSuggestion, readArtistProfileUrl } from '@tunehouse/contracts';
import { z } from 'zod';
import { type ArtistProfileProvider, fetchJson, ProviderError } from './provider.js';

export type SpotifyOptions = {
  clientId: string;
  clientSecret: string;
  /** https://api.spotify.com (tests point it at a local server). */
  apiUrl: string;
  /** https://accounts.spotify.com */
  accountsUrl: string;
  limit?: number;
};

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const imageSchema = z.object({ url: z.string(), width: z.number().nullish(), height: z.number().nullish() });
const searchSchema = z.object({
  artists: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        external_urls: z.object({ spotify: z.string().optional() }).partial().nullish(),
        images: z.array(imageSchema).nullish(),
      }),
    ),
  }),
});

/** The smallest image at least 160 px wide (a list avatar), else the widest there is. */
export function pickImage(images: z.infer<typeof imageSchema>[] | null | undefined): string | null {
  if (!images?.length) return null;
  const byWidth = [...images].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (byWidth.find((image) => (image.width ?? 0) >= 160) ?? byWidth.at(-1))!.url;
}

/**
 * Spotify Web API: an app token by the client-credentials flow (kept until a minute before it expires, dropped on
 * a 401), then GET /v1/search?type=artist.
 */
export function createSpotifyProvider(options: SpotifyOptions): ArtistProfileProvider {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(signal: AbortSignal): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, body } = await fetchJson('SPOTIFY', `${options.accountsUrl}/api/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal,
    });
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new ProviderError('SPOTIFY', `token request answered ${status}`);
    token = {
      value: parsed.data.access_token,
      expiresAt: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000,
    };
    return token.value;
  }

  async function searchOnce(q: string, signal: AbortSignal) {
    const params = new URLSearchParams({ q, type: 'artist', limit: String(options.limit ?? 10) });
    return fetchJson('SPOTIFY', `${options.apiUrl}/v1/search?${params}`, {
      headers: { authorization: `Bearer ${await accessToken(signal)}` },
      signal,
    });
  }

  return {
    platform: 'SPOTIFY',
    async search(q, signal) {
      let answer = await searchOnce(q, signal);
      if (answer.status === 401) {
        // The token was revoked or expired early: one new token, one more try.
        token = null;
        answer = await searchOnce(q, signal);
      }
      const parsed = searchSchema.safeParse(answer.body);
      if (!parsed.success) throw new ProviderError('SPOTIFY', `search answered ${answer.status}`);
      return parsed.data.artists.items.flatMap((artist): ArtistProfileSuggestion[] => {
        const link = readArtistProfileUrl(
          'SPOTIFY',
          artist.external_urls?.spotify ?? `spotify:artist:${artist.id}`,
        );
        if (!link || link.platformId !== artist.id || !artist.name) return [];
        return [
          {
            platform: 'SPOTIFY',
            platformId: artist.id,
            name: artist.name,
            url: link.url,
            imageUrl: pickImage(artist.images),
          },
        ];
      });
    },
  };
}
