/**
 * Licensing: plans, the licence a published release holds, its yearly distribution fees ("pay with streams") and
 * the reporting calls (docs/decisions/0043-plans-and-fees.md).
 *
 * Exports for other domains:
 * - `licenceForAlbum(client, albumId)` → the licence whose plan applies to the album's revenue (share in basis
 *   points, fee terms), or null.
 * - `collectFeeFromRoyalties(client, { albumId, periodId, streams, revenueMicro })` → { streamsCollected,
 *   royaltyCollectedMicro }: a period close takes the fee's part of a release's royalties (inside its transaction).
 * - `licenceOnPublish(client, settings, …)`: the publishing transaction makes the release's licence.
 * - `settleForTakedown(client, …)`: the takedown transaction checks and pays the settlement.
 */
export { collectFeeFromRoyalties, licenceForAlbum, type FeeCollection } from './fees.js';
export { licenceOnPublish } from './licences.js';
export type { FeeRecord, LicenceRecord } from './repository.js';
export { createLicensingService, type LicensingService } from './service.js';
export { licensingRoutes } from './routes.js';
export { settleForTakedown } from './settlement.js';
