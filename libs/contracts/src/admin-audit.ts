import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';

/**
 * One action an administrator took through the API: every admin endpoint that changes something is recorded when
 * it succeeds (suspensions, impersonations started, review decisions, report uploads, exchange rates, period
 * closes) — generated from the endpoint definitions, so a new admin endpoint is audited the day it is defined —
 * and every write made while impersonating a user, whatever its answer.
 */
export const adminAuditEventSchema = /*#__PURE__*/ z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  adminId: z.uuid(),
  adminEmail: z.string(),
  /** The endpoint's own summary of what it does. */
  action: z.string(),
  method: z.string(),
  /** The route as defined, e.g. `/v1/admin/users/:id/suspend`. */
  route: z.string(),
  /** The route's parameters as called (which user, which period). */
  params: z.record(z.string(), z.string()),
  status: z.number().int(),
  /**
   * The user the administrator was viewing the product as: every write of an impersonation is recorded, allowed
   * or refused (decision 0061); null for the administrator's own admin calls.
   */
  impersonatedUserId: z.uuid().nullable(),
  impersonatedUserEmail: z.string().nullable(),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;
export const adminAuditPageSchema = /*#__PURE__*/ paginatedSchema(adminAuditEventSchema);

export const adminAuditQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  /** Only the actions of this administrator. */
  adminId: z.uuid().optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
