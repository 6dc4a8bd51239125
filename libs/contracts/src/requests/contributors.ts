import { z } from 'zod';
import { creditRoleSchema } from '../artist.js';
import { listQuerySchema, nameSchema, pathIdSchema, searchTermSchema, textSchema } from './common.js';

/**
 * The contributor calls (docs/decisions/0031-artists-api.md). The spec names the entity but not its paths; they
 * follow the artists': GET /v2/contributors (paged), GET /v1/contributors/{id}, POST /v1/contributors,
 * POST /v1/contributors/{id} (update) and DELETE /v1/contributors/{id}.
 */

export const CONTRIBUTOR_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
export type ContributorSortField = (typeof CONTRIBUTOR_SORT_FIELDS)[number];

/** GET /v2/contributors: order_by (default name), order (default asc); filters q (name) and role. */
export const contributorListQuerySchema = /*#__PURE__*/ listQuerySchema(CONTRIBUTOR_SORT_FIELDS, {
  orderBy: 'name',
  order: 'asc',
}).extend({
  q: searchTermSchema.optional(),
  role: creditRoleSchema.optional(),
});
export type ContributorListQuery = z.infer<typeof contributorListQuerySchema>;

/** GET, POST and DELETE /v1/contributors/{id}. */
export const contributorParamsSchema = /*#__PURE__*/ z.object({ id: pathIdSchema });

/** A publisher left blank is no publisher. */
const publisherSchema = /*#__PURE__*/ textSchema(200)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /v1/contributors: a name, a credit role and optionally a publisher. */
export const createContributorRequestSchema = /*#__PURE__*/ z.object({
  name: nameSchema(200),
  role: creditRoleSchema,
  publisher: publisherSchema,
});
export type CreateContributorRequest = z.input<typeof createContributorRequestSchema>;

/** POST /v1/contributors/{id}: absent fields unchanged; `publisher: null` (or blank) removes the publisher. */
export const updateContributorRequestSchema = /*#__PURE__*/ z.object({
  name: nameSchema(200).optional(),
  role: creditRoleSchema.optional(),
  publisher: textSchema(200)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
});
export type UpdateContributorRequest = z.input<typeof updateContributorRequestSchema>;
