// A receiver that never takes a delivery (docs/decisions/0088-webhooks.md): once the schedule has run out the
// delivery fails, the endpoint is turned off and its owner is mailed, through a real SMTP server. The schedule is
// of seconds (1 s, then give up after 2 s) so that the test does not wait 3 days.
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  endpoints,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointWithSecretSchema,
} from '@tunehouse/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { QUEUES } from '../../platform/jobs.js';
import { createMailDelivery } from '../../platform/mail/delivery.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectShape, login } from '../../testing/fixtures.js';
import { startHttpsReceiver } from '../../testing/https-receiver.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { workWebhookDeliveries } from '../../testing/webhooks-test-app.js';
import { createWebhookEmitter } from './index.js';
import { until } from '../../testing/until.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  receiver = await startHttpsReceiver(() => 503);
  t = await createTestApp({ webhooks: { allowPrivateAddresses: true } });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const mail = createMailDelivery({
    db: t.db,
    from: 'Tunehouse <no-reply@tunehouse.test>',
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    mailDir: path.join(os.tmpdir(), 'unused'),
    log: { info: vi.fn(), warn: vi.fn() },
  });
  await t.jobs.work<{ outboxId: string }>(QUEUES.mailDelivery, ({ outboxId }) => mail.deliver(outboxId));
  await workWebhookDeliveries(t, {
    ca: receiver.ca,
    backoff: { firstSeconds: 1, factor: 2, capSeconds: 60, giveUpAfterSeconds: 2 },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('a receiver that never answers 2xx', () => {
  it('is tried until the schedule runs out, then turned off, and its owner is mailed', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const created = await t.app.inject(
      injectOf(
        endpoints.webhooks.create,
        { body: { url: `${receiver.url}/down`, eventTypes: ['payout.failed'] } },
        { session },
      ),
    );
    const hook = expectShape(webhookEndpointWithSecretSchema, created);
    const emit = createWebhookEmitter(t.jobs);
    await withTransaction(t.db, (tx) =>
      emit(tx, user.account.id, 'payout.failed', {
        payoutId: '00000000-0000-4000-8000-000000000001',
        amount: 500,
        currency: 'EUR',
        status: 'FAILED',
        reason: 'The bank refused it',
      }),
    );

    const mail = await until(() => received.find((message) => message.to.includes(user.email)), 30_000);
    expect(mail.raw).toContain('Subject: Your Tunehouse webhook endpoint was turned off');
    expect(mail.raw).toContain(`${receiver.url}/down`);
    expect(receiver.receipts.map((receipt) => receipt.answered)).toEqual([503, 503]);

    const [endpoint] = expectShape(
      webhookEndpointListSchema,
      await t.app.inject(injectOf(endpoints.webhooks.list, {}, { session })),
    ).items;
    expect(endpoint).toMatchObject({ id: hook.id, enabled: false });
    expect(endpoint!.disabledReason).toMatch(/Answered 503/);
    const [delivery] = expectShape(
      webhookDeliveryListSchema,
      await t.app.inject(injectOf(endpoints.webhooks.deliveries, { params: { id: hook.id } }, { session })),
    ).items;
    expect(delivery).toMatchObject({ status: 'FAILED', attempts: 2, responseCode: 503, nextAttemptAt: null });

    // Off, it is sent nothing new; turned on again by its owner, the reason goes.
    await withTransaction(t.db, (tx) =>
      emit(tx, user.account.id, 'payout.failed', {
        payoutId: '00000000-0000-4000-8000-000000000002',
        amount: 500,
        currency: 'EUR',
        status: 'RETURNED',
        reason: null,
      }),
    );
    const count = await t.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [hook.id]);
    expect(count.rowCount).toBe(1);
    const on = await t.app.inject(
      injectOf(endpoints.webhooks.update, { params: { id: hook.id }, body: { enabled: true } }, { session }),
    );
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
  }, 40_000);
});
