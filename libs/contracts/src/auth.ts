import { z } from 'zod';
import { countryCodeSchema, refuseUnsafeName } from './primitives.js';
import { userSchema } from './session.js';

/** E-mail addresses are compared case-insensitively, so they travel trimmed and lower-cased. */
export const emailAddressSchema = /*#__PURE__*/ z.string().trim().toLowerCase().pipe(z.email().max(254));

/** NIST 800-63B: length matters, composition rules do not. The upper bound keeps hashing cheap to refuse. */
export const newPasswordSchema = /*#__PURE__*/ z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(256, 'Use at most 256 characters');

const personNameSchema = /*#__PURE__*/ z.string().trim().min(1).max(100).superRefine(refuseUnsafeName);
const citySchema = /*#__PURE__*/ z.string().trim().max(100).superRefine(refuseUnsafeName);

/** POST /v1/sessions. */
export const loginRequestSchema = /*#__PURE__*/ z.object({
  email: emailAddressSchema,
  password: z.string().min(1).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /v1/sessions/current/refresh. The refresh token itself comes in its HttpOnly cookie (decision 0054); the
 * body only says which one: an admin viewing the product as a user holds two, their own and the impersonation's.
 */
export const refreshSessionRequestSchema = /*#__PURE__*/ z.object({
  impersonation: z.boolean().optional(),
});
export type RefreshSessionRequest = z.infer<typeof refreshSessionRequestSchema>;

/** POST /v1/sessions/current/verify: the TOTP or the e-mailed six-digit code. */
export const verifySessionRequestSchema = /*#__PURE__*/ z.object({
  secret: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Expected the six-digit code'),
});
export type VerifySessionRequest = z.infer<typeof verifySessionRequestSchema>;

/**
 * Where a mailed link leads once its flow ends: a path on the site (`/splits/invites/…`), never another origin
 * (`//evil.example`, `/\evil.example`, `https:`), with no white space or control characters.
 */
export const returnPathSchema = /*#__PURE__*/ z
  .string()
  .max(1000)
  .regex(/^\/(?![/\\])[^\s\p{Cc}\p{Cf}]*$/u, 'A path on this site, starting with a single /');

/**
 * POST /v1/signup. The spec does not show the fields; these are what the account screen needs. `returnTo` is the
 * page the sign-up was asked from (an invite): the activation link carries it back as `from`.
 */
export const signupRequestSchema = /*#__PURE__*/ z.object({
  email: emailAddressSchema,
  password: newPasswordSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  country: countryCodeSchema.optional(),
  city: citySchema.optional(),
  returnTo: returnPathSchema.optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The answer of POST /v1/signup, the same for every well-formed request whether or not the address has an account
 * (docs/decisions/0067-uniform-sign-up.md): no user, no session; the mail says what comes next.
 */
export const signupReceiptSchema = /*#__PURE__*/ z.object({
  email: emailAddressSchema,
  status: z.literal('CHECK_MAIL'),
});
export type SignupReceipt = z.infer<typeof signupReceiptSchema>;

/** POST /v1/users/me: every field optional; null clears country or city. */
export const updateCurrentUserRequestSchema = /*#__PURE__*/ z.object({
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  country: countryCodeSchema.nullable().optional(),
  city: citySchema.nullable().optional(),
});
export type UpdateCurrentUserRequest = z.infer<typeof updateCurrentUserRequestSchema>;

/** An e-mailed link carries a challenge id and its secret (activation and password reset). */
const emailedChallengeFields = {
  challengeId: z.uuid(),
  secret: z.string().min(16).max(128),
};

/** POST /v1/emails: e-mail activation. */
export const emailActivationRequestSchema = /*#__PURE__*/ z.object(emailedChallengeFields);
export type EmailActivationRequest = z.infer<typeof emailActivationRequestSchema>;

/** POST /v1/passwords/new: ask for a reset link. */
export const passwordResetLinkRequestSchema = /*#__PURE__*/ z.object({ email: emailAddressSchema });
export type PasswordResetLinkRequest = z.infer<typeof passwordResetLinkRequestSchema>;

/** POST /v1/passwords: the e-mailed link's challenge plus the new password. */
export const passwordResetRequestSchema = /*#__PURE__*/ z.object({
  ...emailedChallengeFields,
  password: newPasswordSchema,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const SECOND_STEP_METHODS = ['none', 'totp', 'email'] as const;
export const secondStepMethodSchema = /*#__PURE__*/ z.enum(SECOND_STEP_METHODS);
export type SecondStepMethod = z.infer<typeof secondStepMethodSchema>;

/**
 * GET/POST /v1/users/me: the spec's User plus what only its owner sees. `isAdmin` lets the admin screens show
 * themselves without a failing call; the server checks it on every admin route regardless.
 */
export const currentUserSchema = /*#__PURE__*/ userSchema.extend({
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  secondStep: secondStepMethodSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
