/**
 * Operations (docs/decisions/0085-metrics-and-operator-view.md): the Prometheus scrape, and the admins' operator
 * view of the queues, failed jobs and deliveries, backups and the API's version.
 */

import { z } from 'zod';
import {
  failedDeliveryListSchema,
  failedJobListSchema,
  failedJobParamsSchema,
  operationsOverviewSchema,
} from '../operations.js';
import { endpoint, meta, noBody } from './define.js';

const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'operations' });

export const metrics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/metrics',
  responses: { 200: z.unknown().describe('The metrics, in the Prometheus text format 0.0.4') },
  summary: 'Prometheus metrics; 404 unless METRICS_TOKEN is set, then only with it as a Bearer token',
  metadata: meta({ access: 'public', tag: 'operations', file: true, fileType: 'text/plain' }),
});

export const overview = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/operations',
  responses: { 200: operationsOverviewSchema },
  summary: 'The API’s version and uptime, the last backup and each job queue by state',
  metadata: adminOnly,
});

export const failedJobs = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/operations/failed-jobs',
  responses: { 200: failedJobListSchema },
  summary: 'The latest 50 jobs that failed for good, newest first',
  metadata: adminOnly,
});

export const retryJob = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/operations/failed-jobs/:queue/:id/retry',
  pathParams: failedJobParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Put a failed job back in its queue for one more attempt; audited',
  metadata: adminOnly,
});

export const failedDeliveries = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/operations/failed-deliveries',
  responses: { 200: failedDeliveryListSchema },
  summary: 'The latest 50 release deliveries that failed or were rejected, newest first',
  metadata: adminOnly,
});
