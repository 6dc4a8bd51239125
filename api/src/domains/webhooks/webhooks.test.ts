// Webhooks through the API as main.ts wires them (docs/decisions/0088-webhooks.md): a real local HTTPS receiver with
// a certificate made at test time gets signed events for a publish (release.live, from the DDEX delivery and its
// platform simulators) and a payout (payout.settled); a forged signature fails the verifier; a receiver that fails
// 5 times is retried with growing delays (a schedule of seconds); a loopback URL is refused unless allowed.
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  albumDetailSchema,
  albumSplitSchema,
  endpoints,
  payoutSchema,
  type Session,
  splitPutResultSchema,
  verifyWebhookSignature,
  type WebhookDelivery,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type WebhookEventType,
  webhookEventSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMailer } from '../../platform/mail/outbox.js';
import { withTransaction } from '../../platform/db.js';
import { addBankAccount, TEST_BILLING_DETAILS } from '../../testing/billing-fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { type Receipt, startHttpsReceiver } from '../../testing/https-receiver.js';
import {
  artworkImage,
  completeMetadata,
  randomIsrc,
  releaseClient,
  wav,
} from '../../testing/release-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createWebhooksTestApp } from '../../testing/webhooks-test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';
import { createPayoutsFromConfig } from '../payouts/index.js';
import { fileRevenueLines } from '../periods/index.js';
import { createInMemoryCatalogue, loadReportFile } from '../reports/index.js';
import { createClosingPeriods } from '../../composition.js';
import {
  type BackoffPolicy,
  createWebhookBulkEmitter,
  createWebhookDelivery,
  createWebhookEmitter,
  nextRetryDelaySeconds,
  retrySchedule,
} from './index.js';
import { until } from '../../testing/until.js';

/** Seconds instead of minutes: 1, 2, 3, 4, 6 s between the attempts of a failing delivery. */
const TEST_BACKOFF: BackoffPolicy = { firstSeconds: 1, factor: 1.5, capSeconds: 60, giveUpAfterSeconds: 600 };
/** The flaky receiver answers 500 this many times before it takes a delivery. */
const FLAKY_FAILURES = 5;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;

beforeAll(async () => {
  receiver = await startHttpsReceiver((path, countSoFar) =>
    path === '/flaky' && countSoFar < FLAKY_FAILURES ? 500 : 200,
  );
  // The delivery worker retries in seconds here.
  t = await createWebhooksTestApp({ ca: receiver.ca, backoff: TEST_BACKOFF });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const register = async (session: Session, path: string, eventTypes: WebhookEventType[]) => {
  const response = await t.app.inject(
    injectOf(endpoints.webhooks.create, { body: { url: `${receiver.url}${path}`, eventTypes } }, { session }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(webhookEndpointWithSecretSchema, response);
};

const deliveriesOf = async (session: Session, id: string): Promise<WebhookDelivery[]> =>
  expectShape(
    webhookDeliveryListSchema,
    await t.app.inject(injectOf(endpoints.webhooks.deliveries, { params: { id } }, { session })),
  ).items;

const receiptsAt = (path: string) => receiver.receipts.filter((receipt) => receipt.path === path);

/** What a receiver checks: the signature over the raw body with its secret, by the verifier and by hand. */
async function expectSigned(receipt: Receipt, secret: string) {
  const header = receipt.headers['tunehouse-signature']!;
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(await verifyWebhookSignature(secret, header, receipt.body, 300)).toBe(true);
  const [, timestamp, mac] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header)!;
  expect(mac).toBe(createHmac('sha256', secret).update(`${timestamp}.${receipt.body}`).digest('hex'));
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
  const event = webhookEventSchema.parse(JSON.parse(receipt.body));
  expect(receipt.headers['tunehouse-event-id']).toBe(event.id);
  expect(receipt.headers['tunehouse-event-type']).toBe(event.type);
  expect(receipt.headers['content-type']).toBe('application/json');
  return event;
}

/** Delivery figures for the lead: printed, not asserted. */
const figures: Record<string, unknown> = {};
afterAll(() => console.info('webhook delivery figures', JSON.stringify(figures, null, 2)));

describe('registering an endpoint', () => {
  it('answers the secret once, lists the endpoint without it, and takes only https URLs', async () => {
    const session = await login(t.app, (await createUser(t.db)).email);
    const created = await register(session, '/ok', ['release.live']);
    expect(created.secret).toMatch(/^whsec_[\w-]{32}$/);
    const listed = await t.app.inject(injectOf(endpoints.webhooks.list, {}, { session }));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([webhookEndpointSchema.parse(created)]);
    expect(listed.body).not.toContain(created.secret);
    const plain = await t.app.inject(
      injectOf(
        endpoints.webhooks.create,
        { body: { url: 'http://example.com/hook', eventTypes: ['release.live'] } },
        { session },
      ),
    );
    expect(expectError(plain, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'url']);
    // Another account's endpoint is not found.
    const stranger = await login(t.app, (await createUser(t.db)).email);
    expectError(
      await t.app.inject(
        injectOf(endpoints.webhooks.deliveries, { params: { id: created.id } }, { session: stranger }),
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a publish', () => {
  it('sends release.live to the owner’s endpoint, signed with its secret', async () => {
    const owner = await login(t.app, (await createUser(t.db)).email);
    const hook = await register(owner, '/releases', [
      'release.live',
      'delivery.failed',
      'release.taken_down',
    ]);
    const c = releaseClient(t.app);
    const artist = await c.artist(owner, 'Hooked Artist');
    const created = await c.createForm(owner, [
      {
        name: 'metadata',
        data: JSON.stringify(
          completeMetadata(artist.id, {
            title: 'Signed Single',
            platforms: ['SPOTIFY'],
            tracks: [{ index: 1, title: 'Hook', isrc: randomIsrc() }],
          }),
        ),
      },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const album = expectShape(albumDetailSchema, created);
    await c.audio(owner, album.id, album.tracks[0]!.id, wav({ seconds: 1 }));
    expect(expectShape(albumDetailSchema, await c.publish(owner, album.id)).reviewStatus).toBe('ACCEPTED');
    await t.db.query('UPDATE albums SET release_date = current_date WHERE id = $1', [album.id]);
    await t.delivery!.work();

    const receipt = await until(() => receiptsAt('/releases')[0], 40_000);
    const event = await expectSigned(receipt, hook.secret);
    expect(event).toMatchObject({
      type: 'release.live',
      data: { albumId: String(album.id), title: 'Signed Single', platform: 'SPOTIFY' },
    });
    const [delivery] = await until(async () => {
      const list = await deliveriesOf(owner, hook.id);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    }, 40_000);
    expect(delivery).toMatchObject({
      eventId: event.id,
      eventType: 'release.live',
      attempts: 1,
      responseCode: 200,
    });
    const { rows } = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM webhook_events WHERE id = $1',
      [event.id],
    );
    figures['release.live: event to receipt (ms)'] = receipt.at - rows[0]!.created_at.getTime();

    // Taken down by its owner: release.taken_down, from the takedown's transaction.
    const down = await t.app.inject(
      injectOf(
        endpoints.releases.albums.takeDown,
        { params: { id: String(album.id) }, query: {} },
        { session: owner },
      ),
    );
    expect(down.statusCode, down.body).toBe(204);
    const takenDown = await expectSigned(await until(() => receiptsAt('/releases')[1], 40_000), hook.secret);
    expect(takenDown).toMatchObject({
      type: 'release.taken_down',
      data: { albumId: String(album.id), title: 'Signed Single' },
    });
  }, 60_000);
});

describe('a payout', () => {
  let payee: Session;
  let ok: { id: string; secret: string };
  let flaky: { id: string; secret: string };
  let payoutId: string;

  beforeAll(async () => {
    const user = await createUser(t.db);
    await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
    payee = await login(t.app, user.email);
    const billing = await t.app.inject(
      injectOf(endpoints.billing.setBillingDetails, { body: TEST_BILLING_DETAILS }, { session: payee }),
    );
    expect(billing.statusCode, billing.body).toBe(200);
    await transfer(t.db, {
      idempotencyKey: `test-credit-${randomUUID()}`,
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: walletKey(user.account.id),
      amount: 20_000,
      kind: 'CLOSE_CREDIT',
    });
    const methodId = await addBankAccount(t.app, payee);
    ok = await register(payee, '/payouts', ['payout.settled', 'payout.failed']);
    flaky = await register(payee, '/flaky', ['payout.settled']);
    const key = randomUUID();
    const requested = await t.app.inject(
      injectOf(
        endpoints.payouts.request,
        { body: { amount: 12_345, paymentMethodId: methodId }, headers: { 'idempotency-key': key } },
        { session: payee, headers: { 'idempotency-key': key } },
      ),
    );
    expect(requested.statusCode, requested.body).toBe(201);
    payoutId = expectShape(payoutSchema, requested).id;
    // The check job as main.ts works it, with the emit port as wire-money.ts gives it.
    await createPayoutsFromConfig(t.config, {
      db: t.db,
      jobs: t.jobs,
      emit: createWebhookEmitter(t.jobs),
    }).lifecycle.check({ payoutId });
  }, 60_000);

  it('sends payout.settled, signed; a forged or replayed signature fails the verifier', async () => {
    const receipt = await until(() => receiptsAt('/payouts')[0], 40_000);
    const event = await expectSigned(receipt, ok.secret);
    expect(event).toMatchObject({
      type: 'payout.settled',
      data: { payoutId, amount: 12_345, currency: 'EUR' },
    });
    const header = receipt.headers['tunehouse-signature']!;
    const timestamp = Number(/t=(\d+)/.exec(header)![1]);
    // Another endpoint's secret, a body changed by one character, a MAC made up, the same header 6 minutes on.
    expect(await verifyWebhookSignature(flaky.secret, header, receipt.body, 300)).toBe(false);
    expect(await verifyWebhookSignature(ok.secret, header, receipt.body.replace('12345', '99999'), 300)).toBe(
      false,
    );
    const forged = `t=${timestamp},v1=${createHmac('sha256', 'whsec_guess').update(`${timestamp}.${receipt.body}`).digest('hex')}`;
    expect(await verifyWebhookSignature(ok.secret, forged, receipt.body, 300)).toBe(false);
    expect(await verifyWebhookSignature(ok.secret, header, receipt.body, 300, timestamp + 360)).toBe(false);
    const { rows } = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM webhook_events WHERE id = $1',
      [event.id],
    );
    figures['payout.settled: event to receipt (ms)'] = receipt.at - rows[0]!.created_at.getTime();
  });

  it('retries a receiver that fails 5 times, with growing delays, until it takes the event', async () => {
    const delivered = await until(async () => {
      const [delivery] = await deliveriesOf(payee, flaky.id);
      return delivery?.status === 'SUCCEEDED' ? delivery : undefined;
    }, 60_000);
    expect(delivered).toMatchObject({ attempts: FLAKY_FAILURES + 1, responseCode: 200, lastError: null });
    const attempts = receiptsAt('/flaky');
    expect(attempts.map((receipt) => receipt.answered)).toEqual([500, 500, 500, 500, 500, 200]);
    // The same event each time, each attempt signed afresh.
    expect(new Set(attempts.map((receipt) => JSON.parse(receipt.body).id)).size).toBe(1);
    for (const receipt of attempts) await expectSigned(receipt, flaky.secret);
    // Each wait at least the schedule's, and the schedule grows: 1, 2, 3, 4, 6 s.
    const gaps = attempts.slice(1).map((receipt, index) => receipt.at - attempts[index]!.at);
    const scheduled = [1, 2, 3, 4, 5].map((failures) => nextRetryDelaySeconds(TEST_BACKOFF, failures, 0)!);
    expect(scheduled).toEqual([1, 2, 3, 4, 6]);
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(scheduled[index]! * 1000 - 50));
    const logged = await t.db.query<{ attempt: number; response_code: number }>(
      `SELECT attempt, response_code FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
      [delivered.id],
    );
    expect(logged.rows.map((row) => row.response_code)).toEqual([500, 500, 500, 500, 500, 200]);
    figures['flaky receiver'] = {
      attempts: attempts.length,
      scheduledDelaysSeconds: scheduled,
      observedDelaysMs: gaps,
      firstAttemptToDeliveryMs: attempts.at(-1)!.at - attempts[0]!.at,
    };
    figures['production schedule (s)'] = retrySchedule({
      firstSeconds: 60,
      factor: 2,
      capSeconds: 6 * 3600,
      giveUpAfterSeconds: 3 * 86_400,
    });
  }, 70_000);

  it('resends a delivery as a new one with the same event', async () => {
    const [first] = await deliveriesOf(payee, ok.id);
    const response = await t.app.inject(
      injectOf(
        endpoints.webhooks.resend,
        { params: { id: ok.id, deliveryId: first!.id } },
        { session: payee },
      ),
    );
    expect(response.statusCode, response.body).toBe(202);
    const resent = expectShape(webhookDeliverySchema, response);
    expect(resent).toMatchObject({ eventId: first!.eventId, status: 'PENDING', attempts: 0 });
    expect(resent.id).not.toBe(first!.id);
    const receipt = await until(() => receiptsAt('/payouts')[1], 40_000);
    expect(JSON.parse(receipt.body).id).toBe(first!.eventId);
    // Turned off, it neither resends nor is sent new events.
    const off = await t.app.inject(
      injectOf(
        endpoints.webhooks.update,
        { params: { id: ok.id }, body: { enabled: false } },
        { session: payee },
      ),
    );
    expect(off.json()).toMatchObject({ enabled: false });
    expectError(
      await t.app.inject(
        injectOf(
          endpoints.webhooks.resend,
          { params: { id: ok.id, deliveryId: first!.id } },
          { session: payee },
        ),
      ),
      409,
      'CONFLICT',
    );
  });
});

describe('an answered split invite', () => {
  it('sends split.invite_answered to the split’s owner once, signed; a replayed answer sends nothing', async () => {
    const ownerUser = await createUser(t.db);
    // Splitting royalties needs a verified identity (docs/decisions/0045-royalty-splits.md).
    await verifyIdentity(t.db, ownerUser.account.id, 'Owner Person');
    const owner = await login(t.app, ownerUser.email);
    const inviteeUser = await createUser(t.db);
    const invitee = await login(t.app, inviteeUser.email);
    const hook = await register(owner, '/splits', ['split.invite_answered']);
    const album = await releaseClient(t.app).album(owner, {
      title: 'Shared',
      tracks: [{ index: 1, title: 'Shared Track' }],
    });
    const { nextEffectiveFrom } = expectShape(
      albumSplitSchema,
      await t.app.inject(
        injectOf(endpoints.splits.ofAlbum, { params: { id: String(album.id) } }, { session: owner }),
      ),
    );
    const put = expectShape(
      splitPutResultSchema,
      await t.app.inject(
        injectOf(
          endpoints.splits.put,
          {
            params: { id: String(album.id) },
            body: {
              effectiveFrom: nextEffectiveFrom,
              participants: [{ email: inviteeUser.email, role: 'Producer', basisPoints: 2_500 }],
            },
          },
          { session: owner },
        ),
      ),
    );
    const code = new URL(put.invites[0]!.url).searchParams.get('invite')!;
    const key = randomUUID();
    const accept = () =>
      t.app.inject(
        injectOf(
          endpoints.splits.accept,
          { params: { code }, headers: { 'idempotency-key': key } },
          { session: invitee, headers: { 'idempotency-key': key } },
        ),
      );
    expect((await accept()).statusCode).toBe(200);
    // The same answer again (a client's retry) is the same answer, and no second event.
    expect((await accept()).statusCode).toBe(200);

    const receipt = await until(() => receiptsAt('/splits')[0], 40_000);
    const event = await expectSigned(receipt, hook.secret);
    expect(event).toMatchObject({
      type: 'split.invite_answered',
      data: { albumId: String(album.id), inviteId: put.invites[0]!.participantId, answer: 'ACCEPTED' },
    });
    const { rows } = await t.db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM webhook_events WHERE type = 'split.invite_answered' AND data->>'albumId' = $1`,
      [String(album.id)],
    );
    expect(rows[0]!.count).toBe('1');
  });
});

describe('a closed period', () => {
  it('sends statement.ready once to the owner of its revenue, and nothing to an account without a statement', async () => {
    const ownerUser = await createUser(t.db);
    const owner = await login(t.app, ownerUser.email);
    const bystander = await login(t.app, (await createUser(t.db)).email);
    const hook = await register(owner, '/statements', ['statement.ready']);
    await register(bystander, '/bystander', ['statement.ready']);
    const album = await releaseClient(t.app).album(owner, {
      title: 'Earning',
      tracks: [{ index: 1, title: 'Earning Track' }],
    });
    // A month of its own, far back, so no other test's lines are in it.
    const [periodId] = await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [
        {
          day: '2019-04-15',
          trackId: String(album.tracks[0]!.id),
          albumId: String(album.id),
          accountId: ownerUser.account.id,
          streams: 1_000,
          revenueMicro: 3_500_000,
        },
      ]),
    );
    // The close as the close job runs it, with the emit port composition.ts gives it.
    expect(await createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config }).closeNow(periodId!)).toBe(
      'CLOSED',
    );

    const receipt = await until(() => receiptsAt('/statements')[0], 40_000);
    const event = await expectSigned(receipt, hook.secret);
    expect(event).toMatchObject({ type: 'statement.ready', data: { periodId, month: '2019-04' } });
    const { rows } = await t.db.query<{ account_id: string }>(
      `SELECT account_id::text FROM webhook_events WHERE type = 'statement.ready' AND data->>'periodId' = $1`,
      [periodId],
    );
    expect(rows.map((row) => row.account_id)).toEqual([ownerUser.account.id]);
    expect(receiptsAt('/bystander')).toEqual([]);
  });
});

describe('a loaded platform report', () => {
  it('sends report.loaded per platform and month to the accounts with lines in it, and only to them', async () => {
    const ownerUser = await createUser(t.db);
    const owner = await login(t.app, ownerUser.email);
    const silentUser = await createUser(t.db);
    const bystander = await login(t.app, (await createUser(t.db)).email);
    const hook = await register(owner, '/reports', ['report.loaded']);
    await register(bystander, '/reports-bystander', ['report.loaded']);
    // The owner's track and one of an account with no endpoint; the catalogue as the loader resolves it.
    const [isrc, silentIsrc] = [randomIsrc(), randomIsrc()];
    const catalogue = createInMemoryCatalogue([
      { isrc, trackId: randomUUID(), albumId: randomUUID(), accountId: ownerUser.account.id },
      { isrc: silentIsrc, trackId: randomUUID(), albumId: randomUUID(), accountId: silentUser.account.id },
    ]);
    const file = path.join(fs.mkdtempSync(path.join(inject('runDir'), 'report-loaded-')), 'r.csv');
    fs.writeFileSync(
      file,
      'date,platform,territory,isrc,upc,streams,sub30\n' +
        `2024-04-01,SPOTIFY,SE,${isrc},,100,4\n` +
        `2024-04-02,SPOTIFY,SE,${isrc},,5,0\n` +
        `2024-05-01,TIDAL,NO,${isrc},,3,0\n` +
        `2024-04-01,SPOTIFY,SE,${silentIsrc},,9,0\n`,
    );
    // The load as the report job runs it, with the port server.ts gives it.
    const result = await loadReportFile(t.db, file, {
      catalogue,
      emitEvents: createWebhookBulkEmitter(t.jobs),
    });
    expect(result.status).toBe('LOADED');

    await until(() => (receiptsAt('/reports').length >= 2 ? true : undefined), 40_000);
    const events = await Promise.all(
      receiptsAt('/reports').map((receipt) => expectSigned(receipt, hook.secret)),
    );
    expect(
      events.map((event) => event.data).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { reportId: result.fileId, platform: 'SPOTIFY', month: '2024-04' },
      { reportId: result.fileId, platform: 'TIDAL', month: '2024-05' },
    ]);
    // Stored only for the account that listens: none for the silent owner of lines, none for the bystander.
    const { rows } = await t.db.query<{ account_id: string }>(
      `SELECT account_id::text FROM webhook_events WHERE type = 'report.loaded' AND data->>'reportId' = $1`,
      [result.fileId],
    );
    expect(rows.map((row) => row.account_id)).toEqual([ownerUser.account.id, ownerUser.account.id]);
    expect(receiptsAt('/reports-bystander')).toEqual([]);
  });
});

describe('a loopback URL', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  }, 60_000);
  afterAll(() => strict?.close());

  it('is refused at registration unless the setting allows private addresses', async () => {
    expect(strict.config.webhooks.allowPrivateAddresses).toBe(false);
    const session = await login(strict.app, (await createUser(strict.db)).email);
    for (const url of [
      `${receiver.url}/ok`,
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://169.254.169.254/latest',
      'https://10.1.2.3/hook',
    ]) {
      const refused = await strict.app.inject(
        injectOf(endpoints.webhooks.create, { body: { url, eventTypes: ['payout.settled'] } }, { session }),
      );
      const body = expectError(refused, 422, 'UNPROCESSABLE');
      expect(body.details?.[0]?.path, url).toEqual(['body', 'url']);
    }
    // The same URL is taken where the setting allows it (the app the other tests use).
    const allowed = await login(t.app, (await createUser(t.db)).email);
    await register(allowed, '/ok', ['payout.settled']);
  });

  it('is refused again at delivery, without a request reaching it', async () => {
    const user = await createUser(strict.db);
    // Registered while allowed (or resolving elsewhere then): the row as the API would have written it.
    const { rows } = await strict.db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (account_id, url, event_types, secret)
       VALUES ($1, $2, ARRAY['payout.settled'], 'whsec_x') RETURNING id`,
      [user.account.id, `${receiver.url}/strict`],
    );
    const emit = createWebhookEmitter(strict.jobs);
    await withTransaction(strict.db, (tx) =>
      emit(tx, user.account.id, 'payout.settled', { payoutId: randomUUID(), amount: 1, currency: 'EUR' }),
    );
    const delivery = await strict.db.query<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1',
      [rows[0]!.id],
    );
    await createWebhookDelivery({
      db: strict.db,
      jobs: strict.jobs,
      mailer: createMailer(strict.jobs),
      siteUrl: strict.config.siteUrl,
      allowPrivateAddresses: strict.config.webhooks.allowPrivateAddresses,
      ca: receiver.ca,
    }).deliver({ deliveryId: delivery.rows[0]!.id });
    const after = await strict.db.query<{
      attempts: number;
      response_code: number | null;
      last_error: string;
    }>('SELECT attempts, response_code, last_error FROM webhook_deliveries WHERE id = $1', [
      delivery.rows[0]!.id,
    ]);
    expect(after.rows[0]).toMatchObject({ attempts: 1, response_code: null });
    expect(after.rows[0]!.last_error).toMatch(/127\.0\.0\.1, which is not a public address/);
    expect(receiptsAt('/strict')).toEqual([]);
  });
});
