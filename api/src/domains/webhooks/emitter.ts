import { webhookEventDataSchemas } from '@tunehouse/contracts';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { EmitEvent } from '../../platform/webhook-events.js';

/** A delivery job: one event to one endpoint. */
export type WebhookDeliveryJob = { deliveryId: string };

/**
 * The EmitEvent port (platform/webhook-events.ts) as the webhooks domain keeps it: the event, one delivery per
 * enabled endpoint of the account that chose its type, and each delivery's job, all in the caller's transaction
 * (the outbox: nothing is sent for a change that rolled back, nothing is lost for one that committed).
 */
export function createWebhookEmitter(jobs: Pick<Jobs, 'enqueue'>): EmitEvent {
  return async (tx, accountId, type, data) => {
    // A domain's payload is checked against its contract here, before any receiver depends on it.
    const payload = webhookEventDataSchemas[type].parse(data);
    const { rows: events } = await tx.query<{ id: string }>(
      'INSERT INTO webhook_events (account_id, type, data) VALUES ($1, $2, $3) RETURNING id',
      [accountId, type, JSON.stringify(payload)],
    );
    const { rows: deliveries } = await tx.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT id, $2 FROM webhook_endpoints WHERE account_id = $1 AND enabled AND $3 = ANY (event_types)
       RETURNING id`,
      [accountId, events[0]!.id, type],
    );
    for (const { id } of deliveries)
      await jobs.enqueue(QUEUES.webhookDelivery, { deliveryId: id } satisfies WebhookDeliveryJob, tx);
  };
}
