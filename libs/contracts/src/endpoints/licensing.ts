/**
 * Licences and distribution fees, served by the licensing domain: plans, the account's licences and distribution
 * fees ("pay with streams"), and an album's fee. Their URLs keep the spec's `/reporting/` prefix (its "Reporting"
 * calls); the group is named by what serves it (docs/decisions/0074-one-name-per-money-concept.md). Shares in
 * basis points, prices per stream in micro-units, amounts due in minor units.
 */

import {
  albumDistributionFeeSchema,
  distributionFeeReportSchema,
  licenseReportItemSchema,
  licenseReportPageSchema,
  planOptionListSchema,
  reportingPlanSchema,
  streamCollectionListSchema,
} from '../fees.js';
import { albumParamsSchema } from '../requests/albums.js';
import {
  distributionFeeListQuerySchema,
  distributionFeeParamsSchema,
  licenseListQuerySchema,
  licenseSuggestionRequestSchema,
} from '../requests/reporting.js';
import { endpoint, meta, noBody } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'reporting' });

export const standardPlan = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/reporting/plans/standard',
  responses: { 200: reportingPlanSchema },
  summary: 'The standard plan: the share of royalties the owner keeps and its yearly distribution fee',
  metadata: signedIn,
});

export const plans = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/reporting/plans',
  responses: { 200: planOptionListSchema },
  summary:
    'Every plan with whether the account may choose it at publishing, the one suggested to it, and why one is not offered',
  metadata: signedIn,
});

export const licenses = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/reporting/licenses',
  query: licenseListQuerySchema,
  responses: { 200: licenseReportPageSchema },
  summary: 'The account’s licences, paged (default: created_at descending)',
  metadata: signedIn,
});

export const licenseSuggestion = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/reporting/licenses/suggestions',
  body: licenseSuggestionRequestSchema,
  responses: { 200: licenseReportItemSchema },
  summary: 'The licence an album holds, or the one publishing it would make (plan, share and fee)',
  metadata: signedIn,
});

export const distributionFees = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/reporting/distribution-fees',
  query: distributionFeeListQuerySchema,
  responses: { 200: distributionFeeReportSchema },
  summary: 'The account’s distribution fees, newest first, each with its album; `settled` filters',
  metadata: signedIn,
});

export const feeCollections = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/reporting/distribution-fees/:id/collections',
  pathParams: distributionFeeParamsSchema,
  responses: { 200: streamCollectionListSchema },
  summary:
    'The stream-collection entries that paid one of the account’s fees, oldest first: origin, streams, royalty, when',
  metadata: signedIn,
});

export const albumFee = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id/distribution-fee',
  pathParams: albumParamsSchema,
  responses: { 200: albumDistributionFeeSchema, 204: noBody },
  summary: 'The album’s distribution fee and what a takedown would cost; 204 when the release has no fee',
  metadata: signedIn,
});
