import { z } from 'zod';
import { DEFAULT_ORDERINGS, LICENSE_SORT_FIELDS, statusSchema } from '../enums.js';
import { pageQuerySchema } from '../pagination.js';
import { idSchema } from '../primitives.js';
import { formBooleanSchema, listQuerySchema, pathIdSchema } from './common.js';

/** GET /v2/reporting/licenses: order_by (default created_at), order (default desc); filters album_id and status. */
export const licenseListQuerySchema = /*#__PURE__*/ listQuerySchema(
  LICENSE_SORT_FIELDS,
  DEFAULT_ORDERINGS.licenses,
).extend({
  album_id: pathIdSchema.optional(),
  status: statusSchema.optional(),
});
export type LicenseListQuery = z.infer<typeof licenseListQuerySchema>;

/** POST /v1/reporting/licenses/suggestions. */
export const licenseSuggestionRequestSchema = /*#__PURE__*/ z.object({ albumId: idSchema });
export type LicenseSuggestionRequest = z.infer<typeof licenseSuggestionRequestSchema>;

/**
 * GET /v2/reporting/distribution-fees: the page window, `settled` (the client's isSettled filter) and album_id.
 * Fees are listed newest first.
 */
export const distributionFeeListQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  settled: formBooleanSchema.optional(),
  album_id: pathIdSchema.optional(),
});
export type DistributionFeeListQuery = z.infer<typeof distributionFeeListQuerySchema>;

/** GET /v1/reporting/distribution-fees/{id}/collections. */
export const distributionFeeParamsSchema = /*#__PURE__*/ z.object({ id: pathIdSchema });
