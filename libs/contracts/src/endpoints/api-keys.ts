/**
 * The account's API keys, and an administrator's view of everyone's (docs/decisions/0087-api-keys-and-scopes.md).
 * No key may call these: a key never makes or ends a key.
 */

import {
  adminApiKeyListSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  createdApiKeySchema,
  newApiKeySchema,
} from '../api-keys.js';
import { endpoint, meta, noBody } from './define.js';

const own = /*#__PURE__*/ meta({ access: 'session', tag: 'api-keys' });
/** Not from an administrator's impersonation (docs/decisions/0090-report-loaded-and-admin-keys.md). */
const ownWrite = /*#__PURE__*/ meta({ access: 'session', tag: 'api-keys', integrationWrite: true });
const admin = /*#__PURE__*/ meta({ access: 'admin', tag: 'api-keys' });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/api-keys',
  responses: { 200: apiKeyListSchema },
  summary: 'The account’s API keys, newest first, revoked ones included (never their secrets)',
  metadata: own,
});

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/api-keys',
  body: newApiKeySchema,
  responses: { 201: createdApiKeySchema },
  summary:
    'Create a key with scopes and an optional expiry; the secret is in this answer only. A money scope needs the second step again',
  metadata: ownWrite,
});

export const revoke = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/api-keys/:id',
  pathParams: apiKeyParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Revoke one of the account’s keys; it is refused from the next request on',
  metadata: ownWrite,
});

export const adminList = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/api-keys',
  responses: { 200: adminApiKeyListSchema },
  summary: 'Every account’s API keys, newest first (administrators)',
  metadata: admin,
});

export const adminRevoke = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/admin/api-keys/:id',
  pathParams: apiKeyParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Revoke any account’s key (administrators)',
  metadata: admin,
});
