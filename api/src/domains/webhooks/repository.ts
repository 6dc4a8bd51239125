import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

type EndpointRow = {
  id: string;
  account_id: string;
  url: string;
  event_types: WebhookEventType[];
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
};

export type EndpointRecord = WebhookEndpoint & { accountId: string; secret: string };

const toEndpoint = (row: EndpointRow): EndpointRecord => ({
  id: row.id,
  accountId: row.account_id,
  url: row.url,
  eventTypes: row.event_types,
  secret: row.secret,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at.toISOString(),
});

/** The public view: never the secret. */
export const publicEndpoint = ({ accountId: _, secret: __, ...endpoint }: EndpointRecord): WebhookEndpoint =>
  endpoint;

const ENDPOINT_COLUMNS = 'id, account_id, url, event_types, secret, enabled, disabled_reason, created_at';

export async function listEndpoints(q: Queryable, accountId: string): Promise<EndpointRecord[]> {
  const { rows } = await q.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
  return rows.map(toEndpoint);
}

export async function findEndpoint(
  q: Queryable,
  accountId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<EndpointRecord | null> {
  const { rows } = await q.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND account_id = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id, accountId],
  );
  return rows[0] ? toEndpoint(rows[0]) : null;
}

export async function insertEndpoint(
  q: Queryable,
  input: { accountId: string; url: string; eventTypes: WebhookEventType[]; secret: string },
): Promise<EndpointRecord> {
  const { rows } = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (account_id, url, event_types, secret) VALUES ($1, $2, $3, $4)
     RETURNING ${ENDPOINT_COLUMNS}`,
    [input.accountId, input.url, input.eventTypes, input.secret],
  );
  return toEndpoint(rows[0]!);
}

export async function updateEndpoint(
  q: Queryable,
  id: string,
  change: { url?: string; eventTypes?: WebhookEventType[]; enabled?: boolean; secret?: string },
): Promise<EndpointRecord> {
  const { rows } = await q.query<EndpointRow>(
    `UPDATE webhook_endpoints SET
       url = COALESCE($2, url),
       event_types = COALESCE($3, event_types),
       enabled = COALESCE($4, enabled),
       -- Turned on again by its owner: the reason it was turned off no longer holds.
       disabled_reason = CASE WHEN $4 IS TRUE THEN NULL ELSE disabled_reason END,
       secret = COALESCE($5, secret),
       updated_at = now()
     WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, change.url ?? null, change.eventTypes ?? null, change.enabled ?? null, change.secret ?? null],
  );
  return toEndpoint(rows[0]!);
}

type DeliveryRow = {
  id: string;
  event_id: string;
  type: WebhookEventType;
  status: WebhookDelivery['status'];
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
};

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  eventType: row.type,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.response_code,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  deliveredAt: row.delivered_at?.toISOString() ?? null,
});

const DELIVERY_SELECT = `SELECT d.id, d.event_id, e.type, d.status, d.attempts, d.response_code, d.last_error,
    d.next_attempt_at, d.created_at, d.delivered_at
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`;

/** The endpoint's newest 100 deliveries. */
export async function listDeliveries(q: Queryable, endpointId: string): Promise<WebhookDelivery[]> {
  const { rows } = await q.query<DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT 100`,
    [endpointId],
  );
  return rows.map(toDelivery);
}

export async function findDelivery(
  q: Queryable,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery | null> {
  const { rows } = await q.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.endpoint_id = $1 AND d.id = $2`, [
    endpointId,
    id,
  ]);
  return rows[0] ? toDelivery(rows[0]) : null;
}

export async function insertDelivery(q: Queryable, endpointId: string, eventId: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2) RETURNING id',
    [endpointId, eventId],
  );
  return rows[0]!.id;
}
