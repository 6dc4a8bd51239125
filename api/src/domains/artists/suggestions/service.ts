import {
  ARTIST_PROFILE_PLATFORMS,
  type ArtistProfilePlatform,
  type ArtistProfileSuggestion,
  isArtistProfilePlatform,
  type Platform,
  type UnsearchedPlatform,
  type UnsearchedReason,
} from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.js';
import { searchKnownProfiles } from './known-profiles.js';
import type { ArtistProfileProvider } from './provider.js';

/** How long one platform's search may take before it counts as unavailable. */
export const PROVIDER_TIMEOUT_MS = 5000;

/** The suggestions, and the asked platforms not searched (the route sends these as X-Unsearched-Platforms). */
export interface Suggestions {
  items: ArtistProfileSuggestion[];
  unsearchedPlatforms: UnsearchedPlatform[];
}

/**
 * GET /v1/artists/suggestions: each asked platform (every profile platform when none is asked) is searched in its
 * own catalogue when a provider is configured, all at once; the others, and any whose search failed, are searched
 * in the profiles already known to this installation and reported in `unsearchedPlatforms` with the reason.
 */
export function createSuggestionService({
  db,
  providers,
  timeoutMs = PROVIDER_TIMEOUT_MS,
}: {
  db: Db;
  providers: ArtistProfileProvider[];
  timeoutMs?: number;
}) {
  const byPlatform = new Map<Platform, ArtistProfileProvider>(providers.map((p) => [p.platform, p]));

  async function suggest(
    q: string,
    asked: Platform[] | undefined,
    log: FastifyBaseLogger,
  ): Promise<Suggestions> {
    const platforms = [...new Set(asked?.length ? asked : ARTIST_PROFILE_PLATFORMS)];
    const unsearched: UnsearchedPlatform[] = [];
    const fallback: ArtistProfilePlatform[] = [];
    const found = new Map<Platform, ArtistProfileSuggestion[]>();
    const skip = (platform: Platform, reason: UnsearchedReason) => unsearched.push({ platform, reason });

    await Promise.all(
      platforms.map(async (platform) => {
        if (!isArtistProfilePlatform(platform)) return skip(platform, 'NOT_SUPPORTED');
        const provider = byPlatform.get(platform);
        if (!provider) {
          fallback.push(platform);
          return skip(platform, 'NOT_CONFIGURED');
        }
        try {
          found.set(platform, await provider.search(q, AbortSignal.timeout(timeoutMs)));
        } catch (error) {
          log.warn({ err: error, platform }, 'artist profile search failed; known profiles only');
          fallback.push(platform);
          skip(platform, 'UNAVAILABLE');
        }
      }),
    );
    for (const suggestion of await searchKnownProfiles(db, q, fallback)) {
      found.set(suggestion.platform, [...(found.get(suggestion.platform) ?? []), suggestion]);
    }
    // In the order the platforms were asked, whatever order the searches finished in.
    const order = (platform: Platform) => platforms.indexOf(platform);
    return {
      items: platforms.flatMap((platform) => found.get(platform) ?? []),
      unsearchedPlatforms: unsearched.sort((a, b) => order(a.platform) - order(b.platform)),
    };
  }

  return { suggest };
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;
