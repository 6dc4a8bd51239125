/** Admin-only: list users, impersonate them (audited), suspend and unsuspend their accounts. */

import {
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserSchema,
  impersonationAuditPageSchema,
  impersonationAuditQuerySchema,
  impersonationRequestSchema,
} from '../admin.js';
import { sessionSchema } from '../session.js';
import { endpoint, meta, noBody } from './define.js';

/** An administrator's own session; an impersonation session is not an admin. */
const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'admin' });

export const users = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/users',
  query: adminUserListQuerySchema,
  responses: { 200: adminUserPageSchema },
  summary: 'Users, searched by e-mail or name, paged',
  metadata: adminOnly,
});

export const impersonations = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/impersonations',
  query: impersonationAuditQuerySchema,
  responses: { 200: impersonationAuditPageSchema },
  summary: 'The impersonation audit: which admin viewed the product as which user, and when',
  metadata: adminOnly,
});

export const impersonate = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/impersonations',
  body: impersonationRequestSchema,
  responses: { 201: sessionSchema },
  summary: 'A time-limited session for a user, carrying the admin’s e-mail; audited',
  metadata: adminOnly,
});

export const suspend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/users/:id/suspend',
  pathParams: adminUserParamsSchema,
  body: noBody,
  responses: { 200: adminUserSchema },
  summary: 'Suspend the user’s account and end its sessions',
  metadata: adminOnly,
});

export const unsuspend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/users/:id/unsuspend',
  pathParams: adminUserParamsSchema,
  body: noBody,
  responses: { 200: adminUserSchema },
  summary: 'Lift the suspension of the user’s account',
  metadata: adminOnly,
});
