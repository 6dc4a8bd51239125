/** The audit log of administrators' changes, for administrators: served by the audit domain that keeps it. */

import { adminAuditPageSchema, adminAuditQuerySchema } from '../admin-audit.js';
import { endpoint, meta } from './define.js';

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/audit',
  query: adminAuditQuerySchema,
  responses: { 200: adminAuditPageSchema },
  summary: 'The audit log: every change an administrator made through the API, newest first',
  metadata: meta({ access: 'admin', tag: 'admin' }),
});
