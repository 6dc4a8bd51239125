import { webhookEventDataSchemas } from '@tunehouse/contracts';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { EmitEvent, EmitEvents } from '../../platform/webhook-events.js';

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

/**
 * The EmitEvents port (platform/webhook-events.ts): events only for accounts with an enabled endpoint that chose the
 * type (an event nobody will be sent is not stored: a large report touches thousands of accounts), each payload
 * checked against its contract, then one INSERT … SELECT for the events and one for their deliveries.
 */
export function createWebhookBulkEmitter(jobs: Pick<Jobs, 'enqueue'>): EmitEvents {
  return async (tx, type, eventsFor) => {
    const { rows: subscribed } = await tx.query<{ account_id: string }>(
      'SELECT DISTINCT account_id FROM webhook_endpoints WHERE enabled AND $1 = ANY (event_types)',
      [type],
    );
    if (!subscribed.length) return;
    const events = await eventsFor(subscribed.map((row) => row.account_id));
    if (!events.length) return;
    const payloads = events.map((event) => JSON.stringify(webhookEventDataSchemas[type].parse(event.data)));
    const { rows: deliveries } = await tx.query<{ id: string }>(
      `WITH events AS (
         INSERT INTO webhook_events (account_id, type, data)
         SELECT account_id, $1, data FROM unnest($2::uuid[], $3::jsonb[]) AS e(account_id, data)
         RETURNING id, account_id)
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT endpoint.id, events.id FROM events
         JOIN webhook_endpoints endpoint ON endpoint.account_id = events.account_id
        WHERE endpoint.enabled AND $1 = ANY (endpoint.event_types)
       RETURNING id`,
      [type, events.map((event) => event.accountId), payloads],
    );
    for (const { id } of deliveries)
      await jobs.enqueue(QUEUES.webhookDelivery, { deliveryId: id } satisfies WebhookDeliveryJob, tx);
  };
}
