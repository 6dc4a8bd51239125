import { adminReportEndpoints } from './admin-reports.js';
import { artistEndpoints } from './artists.js';
import { albumEndpoints } from './albums.js';
import { trackEndpoints } from './tracks.js';
import { mediaEndpoints } from './media.js';
import { contributorEndpoints } from './contributors.js';
import { adminReviewEndpoints } from './admin-reviews.js';
import { simulatorEndpoints } from './simulator.js';
import { endpointGroup, flattenEndpoints } from './define.js';
import { periodEndpoints } from './periods.js';
import { trendEndpoints } from './trends.js';
import { reportingEndpoints } from './reporting.js';
import { accountEndpoints } from './accounts.js';
import { accountSecurityEndpoints } from './account-security.js';
import { adminEndpoints } from './admin.js';
import { botCheckEndpoints } from './bot-check.js';
import { eventEndpoints } from './events.js';
import { healthEndpoints } from './health.js';
import { sessionEndpoints } from './sessions.js';
import { userEndpoints } from './users.js';
import { verificationEndpoints } from './verifications.js';
import { splitEndpoints } from './splits.js';
import { walletEndpoints } from './wallet.js';
import { payoutEndpoints } from './payouts.js';
import { paymentEndpoints } from './payments.js';

export * from './define.js';
export * from './call.js';
export * from './query-string.js';

/**
 * Every endpoint of the API, by area. Adding one: docs/how-to-add-an-endpoint.md. Each group lives in its own
 * file of this folder.
 */
export const endpoints = endpointGroup({
  accounts: accountEndpoints,
  accountSecurity: accountSecurityEndpoints,
  admin: adminEndpoints,
  botCheck: botCheckEndpoints,
  events: eventEndpoints,
  health: healthEndpoints,
  sessions: sessionEndpoints,
  users: userEndpoints,
  verifications: verificationEndpoints,
  adminReports: adminReportEndpoints,
  artists: artistEndpoints,
  albums: albumEndpoints,
  tracks: trackEndpoints,
  media: mediaEndpoints,
  contributors: contributorEndpoints,
  adminReviews: adminReviewEndpoints,
  simulator: simulatorEndpoints,
  periods: periodEndpoints,
  trends: trendEndpoints,
  reporting: reportingEndpoints,
  splits: splitEndpoints,
  wallet: walletEndpoints,
  payouts: payoutEndpoints,
  payments: paymentEndpoints,
});

/** Every endpoint with its dotted name, for the route-coverage test, fixtures and the authorization matrix. */
export const allEndpoints = () => flattenEndpoints(endpoints);
