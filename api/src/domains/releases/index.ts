/**
 * Releases: the album and its tracks are one aggregate (an album is written with its tracks, a track is edited
 * only through its album's lock), so both live in this domain (docs/decisions/0033-releases-api.md). What app.ts,
 * main.ts, other domains and the demo data may use.
 */
export { releaseRoutes } from './routes.js';
export { trackRoutes } from './track-routes.js';
export { createSimulatedStore, simulatedStoreRoutes } from './simulated-store.js';
export { createReleaseService, type ReleaseService } from './service.js';
export { createTrackService, type TrackService } from './track-service.js';
export { type DeliveryPort, recordingDeliveryPort } from './delivery-port.js';
export type { ReleaseLicensingPort } from './licensing-port.js';
export { createDdexDeliveryPort, reportDeliveryStatus } from './ddex-delivery.js';
/** The album an account owns, for the calls of other domains about it (licences, fees). */
export { ownedAlbum } from './editing.js';
/** Credits of tracks, for the queries of other domains (trends, licences). */
export { type CreditedArtistRecord, creditedArtistsOf, trackCreditsArtist } from './track-repository.js';
/** Direct writes, for the demo data and other domains' tests only: they bypass the service's rules. */
export {
  insertAlbum,
  replaceAlbumArtists,
  savePlatformState,
  setAlbumArtwork,
  setAlbumState,
  updateAlbumFields,
} from './repository.js';
export { insertTrack, replaceTrackArtists, replaceTrackContributors } from './track-repository.js';
