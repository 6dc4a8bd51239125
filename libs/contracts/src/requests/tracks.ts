import { z } from 'zod';
import { DEFAULT_ORDERINGS, TRACK_SORT_FIELDS } from '../enums.js';
import { listQuerySchema, pathIdSchema, searchTermSchema } from './common.js';

/**
 * GET /v2/tracks: order_by (default created_at), order (default desc); filters q (title or ISRC), album_id and
 * artist_id. Soft-deleted tracks are not listed.
 */
export const trackListQuerySchema = /*#__PURE__*/ listQuerySchema(
  TRACK_SORT_FIELDS,
  DEFAULT_ORDERINGS.tracks,
).extend({
  q: searchTermSchema.optional(),
  album_id: pathIdSchema.optional(),
  artist_id: pathIdSchema.optional(),
});
export type TrackListQuery = z.infer<typeof trackListQuerySchema>;

/** GET /v1/tracks/{id}. */
export const trackParamsSchema = /*#__PURE__*/ z.object({ id: pathIdSchema });
