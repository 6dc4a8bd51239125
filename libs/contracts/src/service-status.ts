import { z } from 'zod';

/** GET /health (the process answers) and GET /ready (and its database does). */
export const serviceStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  uptimeSeconds: z.number().optional(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
