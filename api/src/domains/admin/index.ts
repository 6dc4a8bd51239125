/** Admin: list users, impersonate them (audited), suspend and unsuspend. Exports for app.ts: its routes and service. */
export { adminRoutes } from './routes.js';
export { type AdminService, createAdminService } from './service.js';
