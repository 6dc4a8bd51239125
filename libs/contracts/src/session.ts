import { z } from 'zod';
import { countryCodeSchema, dateStringSchema, idSchema } from './primitives.js';

/** An account: verified when verifiedAt is set, suspended once suspendedAt is in the past. */
export const accountSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  country: countryCodeSchema.optional().nullable(),
  city: z.string().optional().nullable(),
  verifiedAt: dateStringSchema.optional().nullable(),
  suspendedAt: dateStringSchema.optional().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** A user. A missing first or last name reads as an empty string. */
export const userSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  email: z.string(),
  firstName: z
    .string()
    .optional()
    .nullable()
    .transform((value) => value ?? ''),
  lastName: z
    .string()
    .optional()
    .nullable()
    .transform((value) => value ?? ''),
  createdAt: dateStringSchema.optional(),
  account: accountSchema,
});
export type User = z.infer<typeof userSchema>;

export const sessionStatusSchema = /*#__PURE__*/ z.enum(['pending', 'active']);

/** A session's second step: it is open while its status is pending or initialized. */
export const sessionChallengeSchema = /*#__PURE__*/ z.object({
  id: z.string().optional(),
  status: z.enum(['pending', 'initialized', 'completed']),
  method: z.enum(['totp', 'email']).optional(),
});

/**
 * The session's token as pages see it: the access token only. The refresh token travels in an HttpOnly cookie
 * scoped to the refresh and sign-out calls, never in a body a page script can read (decision 0054).
 */
export const sessionTokenSchema = /*#__PURE__*/ z.object({
  accessToken: z.string().min(1),
});

/** A session. `adminEmail` is the admin marker of an impersonation session. */
export const sessionSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  status: sessionStatusSchema,
  token: sessionTokenSchema,
  expiresAt: dateStringSchema.optional().nullable(),
  adminEmail: z.string().optional().nullable(),
  challenge: sessionChallengeSchema.optional().nullable(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** A user answer that may carry the session created with it (sign-up, e-mail activation, password reset). */
export const userWithSessionSchema = /*#__PURE__*/ userSchema.extend({
  session: sessionSchema.optional().nullable(),
});
export type UserWithSession = z.infer<typeof userWithSessionSchema>;
