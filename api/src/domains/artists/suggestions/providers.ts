import type { AppConfig } from '../../../platform/config.js';
import { createAppleMusicProvider } from './apple-music.js';
import type { ArtistProfileProvider } from './provider.js';
import { createSpotifyProvider } from './spotify.js';

/** The catalogue searches this installation has credentials for (none by default). */
export function providersFromConfig(
  config: Pick<AppConfig, 'spotify' | 'appleMusic'>,
): ArtistProfileProvider[] {
  const providers: ArtistProfileProvider[] = [];
  if (config.spotify) providers.push(createSpotifyProvider(config.spotify));
  if (config.appleMusic) providers.push(createAppleMusicProvider(config.appleMusic));
  return providers;
}
