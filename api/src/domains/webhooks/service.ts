import { randomBytes } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '@tunehouse/contracts';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { RefusedAddressError, resolveDeliveryAddress } from './addresses.js';
import type { WebhookDeliveryJob } from './emitter.js';
import {
  type EndpointRecord,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  publicEndpoint,
  updateEndpoint,
} from './repository.js';

/** More would mostly multiply the deliveries of one event; a label with more receivers fans out itself. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

/** 24 random bytes, with a prefix that says what it is when it turns up in a receiver's settings or a leak scan. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** An account's webhook endpoints and their delivery log (docs/decisions/0088-webhooks.md). */
export function createWebhookService({
  db,
  jobs,
  allowPrivateAddresses,
}: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue'>;
  allowPrivateAddresses: boolean;
}) {
  /** Refuses a URL whose host does not resolve, or resolves to an address that is not public (SSRF). */
  async function checkUrl(url: string): Promise<void> {
    try {
      await resolveDeliveryAddress(new URL(url).hostname, allowPrivateAddresses);
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error;
      throw new ApiError(422, 'UNPROCESSABLE', error.message, [
        { path: ['body', 'url'], message: error.message },
      ]);
    }
  }

  async function owned(accountId: string, id: string): Promise<EndpointRecord> {
    const endpoint = await findEndpoint(db, accountId, id);
    if (!endpoint) throw new ApiError(404, 'NOT_FOUND', 'No such webhook endpoint');
    return endpoint;
  }

  const withSecret = (endpoint: EndpointRecord): WebhookEndpointWithSecret => ({
    ...publicEndpoint(endpoint),
    secret: endpoint.secret,
  });

  return {
    async list(accountId: string): Promise<WebhookEndpoint[]> {
      return (await listEndpoints(db, accountId)).map(publicEndpoint);
    },

    async create(accountId: string, input: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret> {
      await checkUrl(input.url);
      return withTransaction(db, async (tx) => {
        // The account's row serialises concurrent creations, so the limit holds.
        await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
        if ((await listEndpoints(tx, accountId)).length >= MAX_ENDPOINTS_PER_ACCOUNT)
          throw new ApiError(
            409,
            'CONFLICT',
            `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`,
          );
        return withSecret(
          await insertEndpoint(tx, {
            accountId,
            url: input.url,
            eventTypes: input.eventTypes,
            secret: newSecret(),
          }),
        );
      });
    },

    async update(accountId: string, id: string, change: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
      await owned(accountId, id);
      if (change.url) await checkUrl(change.url);
      return publicEndpoint(await updateEndpoint(db, id, change));
    },

    async remove(accountId: string, id: string): Promise<void> {
      await owned(accountId, id);
      await db.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
    },

    /** The old secret stops at once: a receiver takes the new one before the next delivery verifies. */
    async rotateSecret(accountId: string, id: string): Promise<WebhookEndpointWithSecret> {
      await owned(accountId, id);
      return withSecret(await updateEndpoint(db, id, { secret: newSecret() }));
    },

    async deliveries(accountId: string, id: string): Promise<WebhookDelivery[]> {
      await owned(accountId, id);
      return listDeliveries(db, id);
    },

    /** The delivery's event again, as a new delivery with attempts of its own (the log keeps the old one). */
    async resend(accountId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      return withTransaction(db, async (tx) => {
        const endpoint = await findEndpoint(tx, accountId, id, { forUpdate: true });
        if (!endpoint) throw new ApiError(404, 'NOT_FOUND', 'No such webhook endpoint');
        const original = await findDelivery(tx, id, deliveryId);
        if (!original) throw new ApiError(404, 'NOT_FOUND', 'No such delivery');
        if (!endpoint.enabled)
          throw new ApiError(409, 'CONFLICT', 'The endpoint is turned off; turn it on before resending');
        const newId = await insertDelivery(tx, id, original.eventId);
        await jobs.enqueue(QUEUES.webhookDelivery, { deliveryId: newId } satisfies WebhookDeliveryJob, tx);
        return (await findDelivery(tx, id, newId))!;
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
