import { z } from 'zod';
import { secondStepMethodSchema } from './auth.js';
import { dateStringSchema } from './primitives.js';
import { orderSchema, pageQuerySchema, paginatedSchema } from './pagination.js';
import { userSchema } from './session.js';

/** A user as the admin screens list it. */
export const adminUserSchema = /*#__PURE__*/ userSchema.extend({
  isAdmin: z.boolean(),
  emailVerifiedAt: dateStringSchema.optional().nullable(),
  secondStep: secondStepMethodSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_ORDER_FIELDS = ['created_at', 'email', 'last_name'] as const;

/** GET /v1/admin/users: `q` matches e-mail, first or last name (case-insensitive, substring). */
export const adminUserListQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  order_by: z.enum(ADMIN_USER_ORDER_FIELDS).default('created_at'),
  order: orderSchema.default('desc'),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserPageSchema = /*#__PURE__*/ paginatedSchema(adminUserSchema);

export const adminUserParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

/** POST /v1/admin/impersonations. */
export const impersonationRequestSchema = /*#__PURE__*/ z.object({ userId: z.uuid() });
export type ImpersonationRequest = z.infer<typeof impersonationRequestSchema>;

/** One audited impersonation: which admin viewed the product as which user, from when to when. */
export const impersonationAuditEntrySchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  admin: z.object({ id: z.uuid(), email: z.string() }),
  user: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  startedAt: dateStringSchema,
  expiresAt: dateStringSchema,
  /** Set when the session was destroyed (Back to admin, logout) or revoked; null while it may still be used. */
  endedAt: dateStringSchema.nullable(),
});
export type ImpersonationAuditEntry = z.infer<typeof impersonationAuditEntrySchema>;

/** GET /v1/admin/impersonations: newest first; `userId` narrows it to one user. */
export const impersonationAuditQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  userId: z.uuid().optional(),
});
export type ImpersonationAuditQuery = z.infer<typeof impersonationAuditQuerySchema>;
export const impersonationAuditPageSchema = /*#__PURE__*/ paginatedSchema(impersonationAuditEntrySchema);
