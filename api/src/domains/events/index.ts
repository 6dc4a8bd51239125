/** Analytics events, kept in a local record. Exports for app.ts: its routes and service. */
export { eventRoutes } from './routes.js';
export { createEventService, type EventService } from './service.js';
