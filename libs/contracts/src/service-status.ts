import { z } from 'zod';

/**
 * GET /health (the process answers: always 200 while it runs, `degraded` when a dependency is down) and GET /ready
 * (200 only when PostgreSQL answers too). `database` says whether PostgreSQL answered a query just now.
 */
export const serviceStatusSchema = /*#__PURE__*/ z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  uptimeSeconds: z.number().optional(),
  database: z.enum(['up', 'down']).optional(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
