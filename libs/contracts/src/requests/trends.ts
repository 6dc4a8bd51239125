import { z } from 'zod';
import { territorySchema } from '../enums.js';
import { TREND_BUCKET_BY } from '../trends.js';
import { calendarDateSchema, formIntegerSchema, pathIdSchema } from './common.js';

/**
 * The query of every /v1/trends call: a date range (inclusive), bucket_by (the bucket kind, lowercase), filters
 * by track, album, artist and territory, and a row limit for statistics.
 */
export const trendsQuerySchema = /*#__PURE__*/ z
  .object({
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    bucket_by: z.enum(TREND_BUCKET_BY).optional(),
    track_id: pathIdSchema.optional(),
    album_id: pathIdSchema.optional(),
    artist_id: pathIdSchema.optional(),
    territory: territorySchema.optional(),
    limit: formIntegerSchema.pipe(z.number().min(1).max(1000)).optional(),
  })
  .superRefine((query, context) => {
    if (query.start_date && query.end_date && query.start_date > query.end_date) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is on or after start_date' });
    }
  });
export type TrendsQuery = z.infer<typeof trendsQuerySchema>;
