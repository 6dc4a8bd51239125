import { z } from 'zod';
import { secondStepMethodSchema } from './auth.js';
import { dateStringSchema } from './primitives.js';
import { orderSchema, pageQuerySchema, paginatedSchema } from './pagination.js';
import { userSchema } from './session.js';

/** A user as the admin screens list it. */
export const adminUserSchema = userSchema.extend({
  isAdmin: z.boolean(),
  emailVerifiedAt: dateStringSchema.optional().nullable(),
  secondStep: secondStepMethodSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_ORDER_FIELDS = ['created_at', 'email', 'last_name'] as const;

/** GET /v1/admin/users: `q` matches e-mail, first or last name (case-insensitive, substring). */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  order_by: z.enum(ADMIN_USER_ORDER_FIELDS).default('created_at'),
  order: orderSchema.default('desc'),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserPageSchema = paginatedSchema(adminUserSchema);

export const adminUserParamsSchema = z.object({ id: z.uuid() });

/** POST /v1/admin/impersonations. */
export const impersonationRequestSchema = z.object({ userId: z.uuid() });
export type ImpersonationRequest = z.infer<typeof impersonationRequestSchema>;
