import { serviceStatusSchema } from '../service-status.js';
import { endpointGroup, meta } from './define.js';

const probe = meta({ access: 'public', tag: 'health' });

/** Liveness (the process answers) and readiness (and PostgreSQL does too), for supervisors and load balancers. */
export const healthEndpoints = endpointGroup({
  live: {
    method: 'GET',
    path: '/health',
    responses: { 200: serviceStatusSchema },
    metadata: probe,
  },
  ready: {
    method: 'GET',
    path: '/ready',
    responses: { 200: serviceStatusSchema, 503: serviceStatusSchema },
    metadata: probe,
  },
});
