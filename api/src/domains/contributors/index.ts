/** Contributors of an account (credited on tracks): what app.ts, other domains and the demo data may use. */
export { contributorRoutes } from './routes.js';
export { type ContributorService, createContributorService } from './service.js';
/** For the demo data (bypasses the service's checks) and the delivery tests of releases. */
export { insertContributor, isContributorOnDeliveredRelease } from './repository.js';
