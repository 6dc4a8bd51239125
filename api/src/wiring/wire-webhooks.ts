import { createWebhookService, webhookRoutes } from '../domains/webhooks/index.js';
import type { Wiring } from './wiring.js';

/**
 * The account's webhook endpoints and delivery log (docs/decisions/0088-webhooks.md). The events come from the
 * other domains through `wiring.emit`; main.ts works the delivery queue.
 */
export async function wireWebhooks({ app, config, db, jobs, auth }: Wiring): Promise<void> {
  const webhooks = createWebhookService({
    db,
    jobs,
    allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
  });
  await app.register(webhookRoutes({ webhooks, auth }));
}
