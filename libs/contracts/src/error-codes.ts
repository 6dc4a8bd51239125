import { z } from 'zod';

/**
 * The `error.code` values the API answers with (the spec leaves the server's list out). Clients branch on the
 * code, never on the message.
 */
export const API_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'INVALID_CREDENTIALS',
  'UNAUTHENTICATED',
  'ACCESS_TOKEN_EXPIRED',
  'SESSION_ENDED',
  /** An API key unknown or revoked (401), or past its expiry (401 API_KEY_EXPIRED): docs/decisions/0087-api-keys-and-scopes.md. */
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  /** A key calling outside its scopes (403), or a call no key may make (403 API_KEY_NOT_ALLOWED). */
  'API_KEY_SCOPE_MISSING',
  'API_KEY_NOT_ALLOWED',
  'REFRESH_REJECTED',
  'CHALLENGE_REQUIRED',
  'SESSION_NOT_CHALLENGED',
  'CHALLENGE_SECRET_INVALID',
  'CHALLENGE_FAILED',
  'LINK_INVALID',
  'INVITE_EXPIRED',
  'ACCOUNT_SUSPENDED',
  'ADMIN_REQUIRED',
  'IMPERSONATION_FORBIDDEN',
  'IMPERSONATION_READ_ONLY',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'CONFLICT',
  'IDEMPOTENCY_CONFLICT',
  /** Closing a month before it ended plus the grace period: the message and `closableFrom` say when it may. */
  'PERIOD_NOT_ENDED',
  'INSUFFICIENT_FUNDS',
  /** A payout asked while the wallet is below zero (corrections): docs/decisions/0078-corrections-and-negative-balances.md. */
  'NEGATIVE_BALANCE',
  'IDENTITY_NOT_VERIFIED',
  'PAYOUT_BELOW_MINIMUM',
  'SECOND_STEP_REQUIRED',
  'BILLING_DETAILS_REQUIRED',
  'REAUTHENTICATION_REQUIRED',
  'PAYOUT_METHOD_HELD',
  'MONEY_ACTIONS_LOCKED',
  'PAYMENT_METHOD_UNDER_REVIEW',
  'PAYMENT_METHOD_REJECTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'LOCKED',
  'RATE_LIMITED',
  'BOT_CHECK_REQUIRED',
  'BOT_CHECK_FAILED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const apiErrorCodeSchema = /*#__PURE__*/ z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

/** The message a refused refresh carries (also the server's message for it). */
export const REFRESH_REJECTED_MESSAGE = 'Failed to refresh session with invalid or expired token';
/** Verifying a session that has no open challenge. */
export const NOT_CHALLENGED_MESSAGE = 'Cannot verify unchallenged session';
/** The route guard's message for a suspended non-admin account, reused by the server for the same situation. */
export const SUSPENDED_MESSAGE = 'Account suspended and authentication is required';
