import { z } from 'zod';
import { dateStringSchema } from './primitives.js';
import { deliveryActionSchema, platformSchema } from './platforms.js';

/**
 * Webhook events (issue 30; docs/decisions/0088-webhooks.md): what an account's registered HTTPS endpoints are sent.
 * Each event is `{ id, type, createdAt, data }`; `type` is a stable string a receiver can switch on, and `data` is the
 * payload of that type below. A type's payload only gains optional fields; a breaking change would be a new type.
 */
export const WEBHOOK_EVENT_TYPES = [
  'release.live',
  'release.taken_down',
  'delivery.failed',
  'report.loaded',
  'statement.ready',
  'payout.settled',
  'payout.failed',
  'split.invite_answered',
] as const;
export const webhookEventTypeSchema = /*#__PURE__*/ z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

const releaseRef = /*#__PURE__*/ z.object({
  albumId: z.string(),
  title: z.string(),
  upc: z.string().nullable(),
});

/** The payload (`data`) of each event type. */
export const webhookEventDataSchemas = /*#__PURE__*/ {
  /** The release went live on its first platform. */
  'release.live': releaseRef.extend({ platform: platformSchema }),
  /** The release was taken down (by its owner, an administrator or an unpaid fee). */
  'release.taken_down': releaseRef,
  /** A platform refused a delivery, update or takedown of the release. */
  'delivery.failed': releaseRef.extend({
    platform: platformSchema,
    action: deliveryActionSchema,
  }),
  /** A platform report with streams of the account's releases was loaded. */
  'report.loaded': z.object({ reportId: z.string(), platform: platformSchema, month: z.string() }),
  /** A royalty period was closed and the account has a statement for it. */
  'statement.ready': z.object({ periodId: z.string(), month: z.string() }),
  /** A payout reached the bank account. Amounts in integer cents. */
  'payout.settled': z.object({ payoutId: z.string(), amount: z.number().int(), currency: z.string() }),
  /** A payout failed or came back; its money is back in the wallet. */
  'payout.failed': z.object({
    payoutId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['FAILED', 'RETURNED']),
    reason: z.string().nullable(),
  }),
  /** Someone the account invited to a split accepted or declined. */
  'split.invite_answered': z.object({
    albumId: z.string(),
    inviteId: z.string(),
    answer: z.enum(['ACCEPTED', 'DECLINED']),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[T]>;

const envelope = <T extends WebhookEventType>(type: T) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    createdAt: dateStringSchema,
    data: webhookEventDataSchemas[type],
  });

/** One event as its HTTP body: the envelope of every type, told apart by `type`. */
export const webhookEventSchema = /*#__PURE__*/ z.discriminatedUnion(
  'type',
  WEBHOOK_EVENT_TYPES.map((type) => envelope(type)) as unknown as [
    ReturnType<typeof envelope<'release.live'>>,
    ...ReturnType<typeof envelope<WebhookEventType>>[],
  ],
);
export type WebhookEvent = {
  [T in WebhookEventType]: z.infer<ReturnType<typeof envelope<T>>>;
}[WebhookEventType];

/** Each event type's envelope, for the OpenAPI document's `webhooks` section. */
export function webhookEventEnvelopes(): { type: WebhookEventType; schema: z.ZodType }[] {
  return WEBHOOK_EVENT_TYPES.map((type) => ({ type, schema: envelope(type) }));
}

/** The headers of a delivery (lower case, as Node reads them). */
export const WEBHOOK_HEADERS = {
  signature: 'tunehouse-signature',
  eventId: 'tunehouse-event-id',
  eventType: 'tunehouse-event-type',
} as const;

// --- The endpoints an account registers, and their deliveries ---

/** Only https; a host that resolves to a private address is refused by the API (422), unless its setting allows. */
const webhookUrlSchema = /*#__PURE__*/ z
  .string()
  .max(2048)
  .url()
  .refine((value) => value.startsWith('https://'), 'Expected an https:// URL');

const eventTypesSchema = /*#__PURE__*/ z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event type')
  .refine((types) => new Set(types).size === types.length, 'Each event type once');

export const webhookEndpointSchema = /*#__PURE__*/ z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the API turned it off (retries ran out), or null. */
  disabledReason: z.string().nullable(),
  createdAt: dateStringSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Answered once, at creation and at rotation: the secret deliveries are signed with (`whsec_…`). */
export const webhookEndpointWithSecretSchema = /*#__PURE__*/ webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = /*#__PURE__*/ z.object({ items: z.array(webhookEndpointSchema) });

export const webhookEndpointCreateSchema = /*#__PURE__*/ z.object({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema,
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = /*#__PURE__*/ z
  .object({ url: webhookUrlSchema, eventTypes: eventTypesSchema, enabled: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field');
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

export const webhookDeliverySchema = /*#__PURE__*/ z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: webhookEventTypeSchema,
  /** PENDING while attempts go on, SUCCEEDED after a 2xx, FAILED once retries ran out or the endpoint was off. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** The HTTP status of the last attempt, null when none was answered (refused address, timeout, TLS). */
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: dateStringSchema.nullable(),
  createdAt: dateStringSchema,
  deliveredAt: dateStringSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The newest 100 deliveries of an endpoint. */
export const webhookDeliveryListSchema = /*#__PURE__*/ z.object({ items: z.array(webhookDeliverySchema) });
