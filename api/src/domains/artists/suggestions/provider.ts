import type { ArtistProfileSuggestion, Platform } from '@tunehouse/contracts';

/**
 * Searches one platform's catalogue for artist profiles by name. Implementations answer only profiles the
 * platform returned (never made up), and throw when the platform cannot be searched: the caller then reports the
 * platform as unavailable and falls back to the profiles already known to this installation.
 */
export interface ArtistProfileProvider {
  readonly platform: Platform;
  search(q: string, signal: AbortSignal): Promise<ArtistProfileSuggestion[]>;
}

/** A platform answered something other than results (an HTTP error, a body we do not understand). */
export class ProviderError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${platform}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

/** GET/POST with a JSON answer; any other status is a ProviderError. */
export async function fetchJson(
  platform: Platform,
  url: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, body: null };
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch (error) {
    throw new ProviderError(platform, 'answered a body that is not JSON', { cause: error });
  }
}
