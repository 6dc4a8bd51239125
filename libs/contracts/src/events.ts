import { z } from 'zod';
import { dateStringSchema } from './primitives.js';

/** POST /v1/events: one analytics record (page:error from the error page, login after a login, ...). */
export const analyticsEventSchema = /*#__PURE__*/ z.object({
  name: z.string().regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'Expected a lower-case event name such as page:error'),
  properties: z
    .record(z.string().max(64), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 8192, 'Keep properties under 8 KB')
    .optional(),
  path: z.string().max(2048).optional(),
  occurredAt: dateStringSchema.optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
