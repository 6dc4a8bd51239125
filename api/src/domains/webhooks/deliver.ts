import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { signWebhookPayload, WEBHOOK_HEADERS, type WebhookEventType } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { webhookEndpointDisabledMail } from '../../platform/mail/templates.js';
import { RefusedAddressError, type ResolvedAddress, resolveDeliveryAddress } from './addresses.js';
import { type BackoffPolicy, nextRetryDelaySeconds, WEBHOOK_BACKOFF } from './backoff.js';
import type { WebhookDeliveryJob } from './emitter.js';

/** A receiver has this long to answer (headers and body) with a 2xx. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is kept of an error or a non-2xx answer's reason, for the delivery log. */
const ERROR_MAX = 300;

type Outcome = { responseCode: number | null; error: string | null };

/** The connection goes to the address that was checked, whatever a second DNS answer would say (rebinding). */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: object[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * One POST of `body` to `url`. Redirects are not followed (a 3xx is a failed attempt: following one would reach a
 * host that was never checked). Never throws: an error is the outcome.
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  { allowPrivateAddresses, ca }: { allowPrivateAddresses: boolean; ca: string | undefined },
): Promise<Outcome> {
  let target: ResolvedAddress;
  try {
    target = await resolveDeliveryAddress(new URL(url).hostname, allowPrivateAddresses);
  } catch (error) {
    if (error instanceof RefusedAddressError) return { responseCode: null, error: error.message };
    throw error;
  }
  return new Promise<Outcome>((resolve) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        ...(ca ? { ca } : {}),
      },
      (response) => {
        const code = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start of the answer is kept, for the log.
          if (size < ERROR_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const ok = code >= 200 && code < 300;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_MAX);
          resolve({
            responseCode: code,
            error: ok
              ? null
              : code >= 300 && code < 400
                ? `Answered ${code}; redirects are not followed`
                : `Answered ${code}${text ? `: ${text}` : ''}`,
          });
        });
        response.on('error', (error) =>
          resolve({ responseCode: code, error: error.message.slice(0, ERROR_MAX) }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({
        responseCode: null,
        error: (error.name === 'TimeoutError' || error.name === 'AbortError'
          ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
          : error.message
        ).slice(0, ERROR_MAX),
      }),
    );
    request.end(body);
  });
}

type AttemptRow = {
  status: string;
  attempts: number;
  first_attempt_at: Date | null;
  url: string;
  secret: string;
  enabled: boolean;
  endpoint_id: string;
  account_id: string;
  event_id: string;
  type: WebhookEventType;
  data: unknown;
  event_created_at: Date;
};

async function loadAttempt(q: Queryable, deliveryId: string, lock = false): Promise<AttemptRow | null> {
  const { rows } = await q.query<AttemptRow>(
    `SELECT d.status, d.attempts, d.first_attempt_at, w.url, w.secret, w.enabled, w.id AS endpoint_id,
       w.account_id, e.id AS event_id, e.type, e.data, e.created_at AS event_created_at
     FROM webhook_deliveries d
     JOIN webhook_endpoints w ON w.id = d.endpoint_id
     JOIN webhook_events e ON e.id = d.event_id
     WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d, w' : ''}`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

export type WebhookDeliveryDeps = {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'work'>;
  mailer: Mailer;
  siteUrl: string;
  allowPrivateAddresses: boolean;
  /** The retry schedule; tests pass one of seconds. */
  backoff?: BackoffPolicy;
  /**
   * Certificates to trust instead of the system's, for a test's self-signed receiver only (production receivers
   * need a certificate the system trusts).
   */
  ca?: string;
  logger?: FastifyBaseLogger;
};

/**
 * The delivery job (docs/decisions/0088-webhooks.md): sends one delivery's event, signed, and records the attempt;
 * after a failure it schedules the next attempt as a new job, and when the schedule has run out it fails the
 * delivery, turns the endpoint off and mails the owner — all in one transaction, so a crash repeats the attempt
 * rather than losing it (receivers deduplicate by event id).
 */
export function createWebhookDelivery({
  db,
  jobs,
  mailer,
  siteUrl,
  allowPrivateAddresses,
  backoff = WEBHOOK_BACKOFF,
  ca,
  logger,
}: WebhookDeliveryDeps) {
  async function deliver({ deliveryId }: WebhookDeliveryJob): Promise<void> {
    const row = await loadAttempt(db, deliveryId);
    if (!row || row.status !== 'PENDING') return;
    if (!row.enabled) {
      await db.query(
        `UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL,
           last_error = 'The endpoint was turned off' WHERE id = $1 AND status = 'PENDING'`,
        [deliveryId],
      );
      return;
    }
    const body = JSON.stringify({
      id: row.event_id,
      type: row.type,
      createdAt: row.event_created_at.toISOString(),
      data: row.data,
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Tunehouse-Webhooks/1',
      [WEBHOOK_HEADERS.signature]: await signWebhookPayload(row.secret, body),
      [WEBHOOK_HEADERS.eventId]: row.event_id,
      [WEBHOOK_HEADERS.eventType]: row.type,
    };
    const startedAt = new Date();
    const outcome = await post(row.url, headers, body, { allowPrivateAddresses, ca });
    const durationMs = Date.now() - startedAt.getTime();
    await withTransaction(db, async (tx) => {
      const current = await loadAttempt(tx, deliveryId, true);
      // Deleted, or finished by another run of this job meanwhile.
      if (!current || current.status !== 'PENDING') return;
      const attempt = current.attempts + 1;
      await tx.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, response_code, error)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [deliveryId, attempt, startedAt, durationMs, outcome.responseCode, outcome.error],
      );
      const firstAttemptAt = current.first_attempt_at ?? startedAt;
      if (outcome.error === null) {
        await tx.query(
          `UPDATE webhook_deliveries SET status = 'SUCCEEDED', attempts = $2, response_code = $3, last_error = NULL,
             next_attempt_at = NULL, first_attempt_at = $4, delivered_at = now() WHERE id = $1`,
          [deliveryId, attempt, outcome.responseCode, firstAttemptAt],
        );
        return;
      }
      const delay = nextRetryDelaySeconds(backoff, attempt, (Date.now() - firstAttemptAt.getTime()) / 1000);
      await tx.query(
        `UPDATE webhook_deliveries SET attempts = $2, response_code = $3, last_error = $4, first_attempt_at = $5,
           status = CASE WHEN $6::integer IS NULL THEN 'FAILED' ELSE 'PENDING' END,
           next_attempt_at = now() + make_interval(secs => $6::integer)
         WHERE id = $1`,
        [deliveryId, attempt, outcome.responseCode, outcome.error, firstAttemptAt, delay],
      );
      if (delay !== null) {
        await jobs.enqueue(QUEUES.webhookDelivery, { deliveryId } satisfies WebhookDeliveryJob, tx, {
          startAfterSeconds: delay,
        });
        return;
      }
      await disableEndpoint(tx, current, outcome.error);
    });
  }

  /** The retries ran out: the endpoint is turned off (once) and its owner mailed. */
  async function disableEndpoint(tx: Queryable, row: AttemptRow, lastError: string): Promise<void> {
    const reason = `Deliveries failed for ${Math.round(backoff.giveUpAfterSeconds / 3600)} hours; the last: ${lastError}`;
    const { rowCount } = await tx.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now()
       WHERE id = $1 AND enabled`,
      [row.endpoint_id, reason.slice(0, 500)],
    );
    if (!rowCount) return;
    const { rows: owners } = await tx.query<{ email: string; first_name: string }>(
      'SELECT email, first_name FROM users WHERE account_id = $1',
      [row.account_id],
    );
    for (const owner of owners)
      await mailer.queue(
        tx,
        webhookEndpointDisabledMail({
          to: owner.email,
          firstName: owner.first_name,
          siteUrl,
          url: row.url,
          reason: lastError,
        }),
      );
    logger?.info({ endpointId: row.endpoint_id }, 'webhook endpoint turned off: retries ran out');
  }

  return {
    deliver,
    /** Works the delivery queue (main.ts; tests that want deliveries). */
    work: () => jobs.work<WebhookDeliveryJob>(QUEUES.webhookDelivery, deliver),
  };
}

export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDelivery>;
