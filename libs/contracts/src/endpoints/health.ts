/** Liveness (the process answers) and readiness (and PostgreSQL does too), for supervisors and load balancers. */

import { serviceStatusSchema } from '../service-status.js';
import { endpoint, meta } from './define.js';

const probe = /*#__PURE__*/ meta({ access: 'public', tag: 'health' });

export const live = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/health',
  responses: { 200: serviceStatusSchema },
  metadata: probe,
});

export const ready = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/ready',
  responses: { 200: serviceStatusSchema, 503: serviceStatusSchema },
  metadata: probe,
});
