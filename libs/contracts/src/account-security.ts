import { z } from 'zod';
import { emailAddressSchema, newPasswordSchema } from './auth.js';
import { dateStringSchema, idSchema } from './primitives.js';
import { sessionStatusSchema } from './session.js';

/**
 * Account security (docs/decisions/0019-account-security-and-identity.md): changing the e-mail address and the
 * password, the TOTP second step, and the user's active sessions. Every change that could lock the owner out asks
 * for the current password again.
 */

/** The password the user signs in with now, asked again before a sensitive change. */
export const currentPasswordSchema = /*#__PURE__*/ z
  .string()
  .min(1, 'Enter your current password')
  .max(256, 'Use at most 256 characters');

/** POST /v1/users/me/email: answers the user, whose new address waits for confirmation from the mailed link. */
export const changeEmailRequestSchema = /*#__PURE__*/ z.object({
  currentPassword: currentPasswordSchema,
  email: emailAddressSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /v1/users/me/password: 204. */
export const changePasswordRequestSchema = /*#__PURE__*/ z.object({
  currentPassword: currentPasswordSchema,
  password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * POST /v1/users/me/second-step/totp (201): a new TOTP secret for an authenticator app, as text (base32) and as an
 * `otpauth://` URL for a QR code. Not in use until a first code from it is confirmed before `expiresAt`.
 */
export const totpEnrolmentSchema = /*#__PURE__*/ z.object({
  secret: z.string().min(16),
  otpauthUrl: z.string().startsWith('otpauth://totp/'),
  expiresAt: dateStringSchema,
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** A six-digit code from an authenticator app. */
export const sixDigitCodeSchema = /*#__PURE__*/ z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the six-digit code');

/** POST /v1/users/me/second-step/totp/confirm: the first code from the new secret switches the second step on. */
export const confirmTotpRequestSchema = /*#__PURE__*/ z.object({ secret: sixDigitCodeSchema });
export type ConfirmTotpRequest = z.infer<typeof confirmTotpRequestSchema>;

/** DELETE /v1/users/me/second-step: 204. */
export const disableSecondStepRequestSchema = /*#__PURE__*/ z.object({
  currentPassword: currentPasswordSchema,
});
export type DisableSecondStepRequest = z.infer<typeof disableSecondStepRequestSchema>;

/**
 * One live session of the signed-in user (GET /v1/sessions). `lastUsedAt`, `userAgent` and `ip` come from the
 * session's own requests (stamped at most once a minute) and are null until its first one. `impersonation` marks a
 * session an administrator opened to view the product as the user; `current` is the caller's own.
 */
export const activeSessionSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  status: sessionStatusSchema,
  createdAt: dateStringSchema,
  lastUsedAt: dateStringSchema.nullable(),
  expiresAt: dateStringSchema,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
  impersonation: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET /v1/sessions: most recently used first. */
export const activeSessionListSchema = /*#__PURE__*/ z.object({ items: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

/** DELETE /v1/sessions/{id}. */
export const sessionParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
