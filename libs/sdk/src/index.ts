export * from './client.js';
export * from './operations.js';
export * from './webhooks.js';
export { isPaged, needsIdempotencyKey } from './endpoint-traits.js';
// The errors a call throws are the API client's own: one hierarchy for the areas and for programs.
export {
  ApiClientError,
  HttpError,
  InvalidResponseStatusError,
  InvalidValueError,
  NetworkError,
  ResponseParseError,
  formatPath,
} from '@tunehouse/api-client';
export type { WebhookEvent, WebhookEventType, WebhookEventData } from '@tunehouse/contracts';
export * from './forms.js';
