import {
  artistRoutes,
  createArtistService,
  createSuggestionService,
  providersFromConfig,
} from '../domains/artists/index.js';
import { contributorRoutes, createContributorService } from '../domains/contributors/index.js';
import {
  createLicensingService,
  type LicensingService,
  licensingRoutes,
} from '../domains/licensing/index.js';
import {
  type AudioJobs,
  type AudioStore,
  createArtworkStore,
  createAudioJobs,
  createAudioStore,
  createImageStore,
  createMediaFiles,
  mediaRoutes,
} from '../domains/media/index.js';
import {
  createReleaseService,
  createSimulatedStore,
  createTrackService,
  type DeliveryPort,
  releaseRoutes,
  type ReleaseService,
  simulatedStoreRoutes,
  trackRoutes,
} from '../domains/releases/index.js';
import { licensingForReleases } from '../composition.js';
import type { Wiring } from './wiring.js';

/** What the catalogue hands on: the money routes take down and charge releases, tracks share the audio store. */
export type Catalogue = {
  releases: ReleaseService;
  licensing: LicensingService;
  audio: AudioStore;
  audioJobs: AudioJobs;
};

/** Artists, contributors, media, releases (docs/decisions/0033-releases-api.md) and their licences and fees. */
export async function wireCatalogue(
  { app, config, db, jobs, storage, auth, emit }: Wiring,
  delivery: DeliveryPort,
): Promise<Catalogue> {
  const images = createImageStore(storage);
  const artists = createArtistService({ db, images });
  const artistSuggestions = createSuggestionService({ db, providers: providersFromConfig(config) });
  await app.register(artistRoutes({ artists, suggestions: artistSuggestions, auth }));
  const contributors = createContributorService({ db });
  await app.register(contributorRoutes({ contributors, auth }));
  const audio = createAudioStore(storage);
  const mediaFiles = createMediaFiles({ db, images, audio });
  await app.register(mediaRoutes({ files: mediaFiles, auth }));
  const artworks = createArtworkStore(storage);
  // The preview worker runs beside the other jobs (main.ts, workAudioPreviews); here previews are only queued.
  const audioJobs = createAudioJobs({ jobs });
  const releases = createReleaseService({
    db,
    config,
    images,
    artworks,
    audio,
    delivery,
    licensing: licensingForReleases(config),
    emit,
  });
  await app.register(releaseRoutes({ releases, artworks, auth, config }));
  await app.register(simulatedStoreRoutes({ store: createSimulatedStore({ db }), auth }));
  // Licences and distribution fees (docs/decisions/0043-plans-and-fees.md).
  const licensing = createLicensingService({ db, plans: config.plans });
  await app.register(licensingRoutes({ licensing, auth }));
  return { releases, licensing, audio, audioJobs };
}

/** The tracks of releases and their audio. */
export async function wireTracks(
  { app, config, db, auth }: Wiring,
  { audio, audioJobs }: Catalogue,
): Promise<void> {
  const tracks = createTrackService({ db, audio, audioJobs });
  await app.register(trackRoutes({ tracks, audio, auth, config }));
}
