/**
 * Webhooks (docs/decisions/0088-webhooks.md): an account's signed HTTPS endpoints, the events the other domains
 * record through the EmitEvent port (platform/webhook-events.ts, wired in api/src/wiring/ and composition.ts), and
 * their delivery with retries. What app.ts, main.ts and the wiring may use.
 */
export { webhookRoutes } from './routes.js';
export { createWebhookService, type WebhookService } from './service.js';
export { createWebhookBulkEmitter, createWebhookEmitter, type WebhookDeliveryJob } from './emitter.js';
export { createWebhookDelivery, DELIVERY_TIMEOUT_MS, type WebhookDeliveryWorker } from './deliver.js';
export { type BackoffPolicy, nextRetryDelaySeconds, retrySchedule, WEBHOOK_BACKOFF } from './backoff.js';
export { isPublicAddress } from './addresses.js';
export { webhookOpenApi } from './openapi.js';
