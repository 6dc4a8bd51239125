/** API keys: a program's way in, by scope (docs/decisions/0087-api-keys-and-scopes.md). */

import { z } from 'zod';

/** Every key's secret starts so, recognisable in logs and by secret scanners. */
export const API_KEY_PREFIX = 'th_live_';

/** `th_live_` and 43 base64url characters (32 random bytes). */
export const apiKeySecretPattern = /^th_live_[A-Za-z0-9_-]{43}$/;

/** A scope: an endpoint group's resource and the access (`releases:read`, `payouts:write`). */
export const apiKeyScopeSchema = /*#__PURE__*/ z
  .string()
  .regex(/^[a-z]+:[a-z]+$/, 'A scope is resource:access');

export const apiKeySchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  name: z.string(),
  /** The secret's first characters (`th_live_AbCd`), to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedFrom: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = /*#__PURE__*/ z.object({ items: z.array(apiKeySchema) });

/** An administrator's view: whose key it is, too. */
export const adminApiKeySchema = /*#__PURE__*/ apiKeySchema.extend({ ownerEmail: z.string() });
export const adminApiKeyListSchema = /*#__PURE__*/ z.object({ items: z.array(adminApiKeySchema) });
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;

/**
 * POST /v1/api-keys. A money scope (one that opens a call moving money) is granted only with the owner's second
 * step again: `otp` when the account has an authenticator, otherwise `password`.
 */
export const newApiKeySchema = /*#__PURE__*/ z.object({
  name: z.string().trim().min(1, 'Name the key').max(80),
  scopes: z.array(apiKeyScopeSchema).min(1, 'Choose at least one scope').max(64),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  password: z.string().min(1, 'Enter your password').max(1024).optional(),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
    .optional(),
});
export type NewApiKey = z.infer<typeof newApiKeySchema>;

/** The answer to a new key: the secret, shown this once and never again. */
export const createdApiKeySchema = /*#__PURE__*/ z.object({ key: apiKeySchema, secret: z.string() });

export const apiKeyParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
