import { createMailer } from '../platform/mail/outbox.js';
import { type BackoffPolicy, createWebhookDelivery } from '../domains/webhooks/index.js';
import { createTestApp, type TestApp, testConfig } from './test-app.js';

/**
 * An app whose events come within seconds, for tests that follow a change to the webhook it sends: reviews accept
 * at once, the delivery simulators acknowledge a complete batch after 1 s (looked for 1 s after upload), payouts
 * settle when asked and may go to a bank account just added. The webhook delivery worker runs
 * ({@link workWebhookDeliveries}).
 */
export async function createWebhooksTestApp({
  ca,
  backoff,
}: {
  ca: string;
  /** Retries in seconds rather than minutes, for a test of them. */
  backoff?: BackoffPolicy;
}): Promise<TestApp> {
  const t = await createTestApp(
    {
      reviewAutoAccept: true,
      delivery: { ...testConfig().delivery, simulatorAckSeconds: 1, ackCheckSeconds: 1 },
      payouts: { ...testConfig().payouts, simulatorSettleSeconds: 0, methodHoldHours: 0 },
      webhooks: { allowPrivateAddresses: true },
    },
    undefined,
    { delivery: 'ddex' },
  );
  await workWebhookDeliveries(t, { ca, ...(backoff ? { backoff } : {}) });
  return t;
}

/**
 * The webhook delivery worker on `t`'s queue, as main.ts runs it, trusting the local receiver's certificate (`ca`):
 * the receiver is on this machine, so private addresses are allowed.
 */
export async function workWebhookDeliveries(
  t: TestApp,
  { ca, backoff }: { ca: string; backoff?: BackoffPolicy },
): Promise<void> {
  await createWebhookDelivery({
    db: t.db,
    jobs: t.jobs,
    mailer: createMailer(t.jobs),
    siteUrl: t.config.siteUrl,
    allowPrivateAddresses: true,
    ...(backoff ? { backoff } : {}),
    ca,
  }).work();
}
