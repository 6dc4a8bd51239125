import { randomUUID } from 'node:crypto';
import {
  type AlbumDetail,
  albumDetailSchema,
  endpoints,
  type Payment,
  paymentSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { daysFromToday, type releaseClient } from '../../testing/release-fixtures.js';
import { simulatorWebhook, untilDecided, type WebhookForgery } from '../../testing/payment-simulator.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { withTransaction } from '../../platform/db.js';
import { QUEUES } from '../../platform/jobs.js';
import { collectFeeFromRoyalties } from '../licensing/index.js';
import { balanceOf, walletBalance } from '../ledger/index.js';
import { recordingDeliveryPort } from '../releases/index.js';
import { createPaymentsForJobs } from '../../composition.js';
import { PAYMENTS_RECEIVED, SimulatedPaymentProvider } from './index.js';
import { payingArtist } from '../../testing/takedown-fixtures.js';

let t: TestApp;
let owner: Session;
let ownerAccount: string;
let stranger: Session;
let c: ReturnType<typeof releaseClient>;
let published: Awaited<ReturnType<typeof payingArtist>>['published'];
const api = endpoints.payments;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false, reviewAutoAccept: true }, undefined, {
    ownDataDir: 'payments',
  });
  const artist = await payingArtist(t);
  ({ owner, client: c, published } = artist);
  ownerAccount = artist.accountId;
  stranger = await login(t.app, (await createUser(t.db)).email);
});
afterAll(() => t.close());

const create = (body: object, key: string | null = randomUUID(), session: Session = owner) =>
  t.app.inject({
    method: 'POST',
    url: api.create.path,
    payload: body,
    headers: {
      authorization: `Bearer ${session.token.accessToken}`,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
  });

async function started(album: AlbumDetail, due: number): Promise<Payment> {
  const response = await create({ purpose: 'TAKEDOWN', albumId: album.id, amount: due });
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(paymentSchema, response);
}

const read = (id: string, session: Session = owner) =>
  t.app.inject(injectOf(api.get, { params: { id } }, { session }));

const webhook = (
  event: { id: string; type: 'payment.succeeded' | 'payment.failed'; paymentId: string },
  forgery?: WebhookForgery,
) => simulatorWebhook(t, event, forgery);

/** The payment's ledger transfers by kind: PAYMENT into the wallet, TAKEDOWN_SETTLEMENT out of it. */
async function bookedFor(albumId: string | number) {
  const { rows } = await t.db.query<{ kind: string; amount: string }>(
    `SELECT kind, amount FROM ledger_transfers WHERE album_id = $1 ORDER BY created_at, kind`,
    [String(albumId)],
  );
  return rows.map((row) => `${row.kind} ${row.amount}`);
}

const albumGone = async (id: string | number) =>
  expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${id}`)).deletedAt ?? null;

const settled = (id: string) =>
  untilDecided(async () => expectShape(paymentSchema, await read(id)), `payment ${id}`);

describe('starting a payment', () => {
  it('needs an Idempotency-Key, the amount due now and an album of the account', async () => {
    const { album, due } = await published();
    const body = { purpose: 'TAKEDOWN', albumId: album.id, amount: due };
    const keyless = await create(body, null);
    expectError(keyless, 400, 'VALIDATION_FAILED');
    expect(keyless.json().error.details[0].path).toEqual(['headers', 'idempotency-key']);
    const wrong = await create({ ...body, amount: due - 1 });
    expectError(wrong, 409, 'CONFLICT');
    expect(wrong.json().error.message).toContain(String(due));
    expectError(await create(body, randomUUID(), stranger), 404, 'NOT_FOUND');

    const key = randomUUID();
    const first = expectShape(paymentSchema, await create(body, key));
    expect(first).toMatchObject({ status: 'PENDING', amount: due, currency: 'EUR', albumId: album.id });
    expect(first.checkoutUrl).toMatch(new RegExp(`/v1/simulator/checkout/${first.id}$`));
    expect(expectShape(paymentSchema, await create(body, key)).id).toBe(first.id);
    expectError(await create({ ...body, amount: due + 1 }, key), 409, 'IDEMPOTENCY_CONFLICT');
    expectError(await read(first.id, stranger), 404, 'NOT_FOUND');
    expect(await bookedFor(album.id)).toEqual([]);
  });

  it('the checkout page says plainly it is a simulation and offers Pay and Decline', async () => {
    const { album, due } = await published();
    const payment = await started(album, due);
    const page = await t.app.inject({ url: new URL(payment.checkoutUrl!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Simulated payment provider — no real money</title>');
    // One policy (not the API's and this one both): the forms may post here and be sent on to the site.
    expect(typeof page.headers['content-security-policy']).toBe('string');
    expect(page.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(t.config.siteUrl).origin}`,
    );
    expect(page.body).toContain(`action="/v1/simulator/checkout/${payment.id}/pay"`);
    expect(page.body).toContain(`action="/v1/simulator/checkout/${payment.id}/decline"`);
    expect((await t.app.inject({ url: `/v1/simulator/checkout/${randomUUID()}` })).statusCode).toBe(404);
  });
});

describe('settling a payment', () => {
  it('paid at the checkout: the webhook and the returns race, and it is settled once', async () => {
    const { album, due } = await published();
    const payment = await started(album, due);
    const before = await balanceOf(t.db, PAYMENTS_RECEIVED);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/v1/simulator/checkout/${payment.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=pay',
    });
    expect(pay.statusCode, pay.body).toBe(303);
    expect(pay.headers.location).toBe(`${t.config.siteUrl}/payments/complete?payment_id=${payment.id}`);
    // The simulator's own webhook is under way; another one, and three returns, arrive at the same time.
    const answers = await Promise.all([
      webhook({ id: `evt-${randomUUID()}`, type: 'payment.succeeded', paymentId: payment.id }),
      read(payment.id),
      read(payment.id),
      read(payment.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const done = await settled(payment.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: 'TAKEN_DOWN', checkoutUrl: null });
    expect(done.resultNote).toContain('taken down');
    expect(await bookedFor(album.id)).toEqual([`PAYMENT ${due}`, `TAKEDOWN_SETTLEMENT ${due}`]);
    expect(await walletBalance(t.db, ownerAccount)).toBe(0);
    expect(await balanceOf(t.db, PAYMENTS_RECEIVED)).toBe(before - due);
    expect(await albumGone(album.id)).not.toBeNull();
  });

  it('refuses forged, stale and replayed webhooks, and books nothing for them', async () => {
    const { album, due } = await published();
    const payment = await started(album, due);
    const event = { id: `evt-${randomUUID()}`, type: 'payment.succeeded' as const, paymentId: payment.id };
    expectError(await webhook(event, { signedWith: 'not-the-secret' }), 400, 'BAD_REQUEST');
    expectError(await webhook(event, { at: Math.floor(Date.now() / 1000) - 6 * 60 }), 400, 'BAD_REQUEST');
    expectError(await webhook(event, { signedBody: '{}' }), 400, 'BAD_REQUEST');
    expect(await bookedFor(album.id)).toEqual([]);
    expect(expectShape(paymentSchema, await read(payment.id)).status).toBe('PENDING');

    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, paymentStatus: 'SUCCEEDED' });
    expectError(await webhook(event), 409, 'CONFLICT');
    expect(await bookedFor(album.id)).toEqual([`PAYMENT ${due}`, `TAKEDOWN_SETTLEMENT ${due}`]);
  });

  it('declined at the checkout: FAILED with the reason, nothing booked, the release still up', async () => {
    const { album, due } = await published();
    const payment = await started(album, due);
    const decline = await t.app.inject({
      method: 'POST',
      url: `/v1/simulator/checkout/${payment.id}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=decline',
    });
    expect(decline.statusCode).toBe(303);
    // The simulator's own webhook settles it, without anyone reading the payment.
    await vi.waitFor(async () => {
      const { rows } = await t.db.query<{ status: string; events: string }>(
        `SELECT p.status, (SELECT count(*) FROM payment_webhook_events e WHERE e.payment_id = p.id) AS events
           FROM payments p WHERE p.id = $1`,
        [payment.id],
      );
      expect(rows[0]).toEqual({ status: 'FAILED', events: '1' });
    });
    const failed = await settled(payment.id);
    expect(failed).toMatchObject({ status: 'FAILED', result: null, checkoutUrl: null });
    expect(failed.failureReason).toContain('declined');
    // Paying after declining changes nothing: the checkout was decided.
    await t.app.inject({ method: 'POST', url: `/v1/simulator/checkout/${payment.id}/pay`, payload: {} });
    expect(expectShape(paymentSchema, await read(payment.id)).status).toBe('FAILED');
    expect(await bookedFor(album.id)).toEqual([]);
    expect(await albumGone(album.id)).toBeNull();
  });

  it('when the release can no longer be taken down with it, the money stays in the wallet and it says so', async () => {
    const { album, due } = await published();
    const payment = await started(album, due);
    // A period close collected part of the fee since the checkout opened: less is due than was paid.
    const month = `${daysFromToday(40).slice(0, 7)}-01`;
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO periods (month, currency) VALUES ($1, 'EUR')
       ON CONFLICT (month) DO UPDATE SET month = EXCLUDED.month RETURNING id`,
      [month],
    );
    await withTransaction(t.db, (tx) =>
      collectFeeFromRoyalties(tx, {
        albumId: String(album.id),
        periodId: rows[0]!.id,
        streams: 1_000,
        revenueMicro: 3_000_000,
      }),
    );
    const wallet = await walletBalance(t.db, ownerAccount);
    const paid = await webhook({
      id: `evt-${randomUUID()}`,
      type: 'payment.succeeded',
      paymentId: payment.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const done = expectShape(paymentSchema, await read(payment.id));
    expect(done).toMatchObject({ status: 'SUCCEEDED', result: 'KEPT_IN_WALLET' });
    expect(done.resultNote).toContain('could not be taken down');
    expect(await bookedFor(album.id)).toContain(`PAYMENT ${due}`);
    expect(await bookedFor(album.id)).not.toContain(`TAKEDOWN_SETTLEMENT ${due}`);
    expect(await walletBalance(t.db, ownerAccount)).toBe(wallet + due);
    expect(await albumGone(album.id)).toBeNull();
  });
});

describe('reconciling payments whose webhook and return were lost', () => {
  /** Two payment services over the same database, as two API processes each running the job would be. */
  const worker = () => createPaymentsForJobs(t.config, { db: t.db, delivery: recordingDeliveryPort });

  /** Paid at the provider, but neither its webhook nor the browser ever reached us; opened `minutes` ago. */
  async function paidButUnheard(
    minutes: number,
  ): Promise<{ album: AlbumDetail; due: number; payment: Payment }> {
    const { album, due } = await published();
    const payment = await started(album, due);
    await new SimulatedPaymentProvider(t.db, t.config.publicApiUrl).decide(payment.id, 'PAID');
    await t.db.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
      payment.id,
      minutes,
    ]);
    return { album, due, payment };
  }

  const statusOf = async (id: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id])).rows[0]!.status;

  it('settles a payment still PENDING after the wait, once, with its takedown; a younger one is left alone', async () => {
    const old = await paidButUnheard(10);
    const young = await paidButUnheard(1);
    expect(await statusOf(old.payment.id)).toBe('PENDING');

    await worker().reconcile(300);
    expect(await statusOf(old.payment.id)).toBe('SUCCEEDED');
    expect(await bookedFor(old.album.id)).toEqual([`PAYMENT ${old.due}`, `TAKEDOWN_SETTLEMENT ${old.due}`]);
    expect(await albumGone(old.album.id)).not.toBeNull();
    expect(await statusOf(young.payment.id)).toBe('PENDING');
    expect(await bookedFor(young.album.id)).toEqual([]);

    // A later run, or the webhook arriving after all, books nothing more.
    await worker().reconcile(300);
    const late = await webhook({
      id: `evt-${randomUUID()}`,
      type: 'payment.succeeded',
      paymentId: old.payment.id,
    });
    expect(late.statusCode).toBe(200);
    expect(await bookedFor(old.album.id)).toEqual([`PAYMENT ${old.due}`, `TAKEDOWN_SETTLEMENT ${old.due}`]);
  });

  it('two job runs at once settle each payment once', async () => {
    const paid = await Promise.all([paidButUnheard(10), paidButUnheard(10)]);
    const results = await Promise.all([worker().reconcile(300), worker().reconcile(300)]);
    // Between them the two runs decided each payment once; whichever came second found it decided.
    expect(results.reduce((sum, run) => sum + run.settled, 0)).toBeGreaterThanOrEqual(paid.length);
    for (const { album, due, payment } of paid) {
      expect(await statusOf(payment.id)).toBe('SUCCEEDED');
      expect(await bookedFor(album.id)).toEqual([`PAYMENT ${due}`, `TAKEDOWN_SETTLEMENT ${due}`]);
    }
  });

  it('main.ts’s job does the same through the queue', async () => {
    const { album, due, payment } = await paidButUnheard(10);
    await worker().work(t.jobs, 300);
    await t.jobs.enqueue(QUEUES.paymentReconcile, {});
    await vi.waitFor(async () => expect(await statusOf(payment.id)).toBe('SUCCEEDED'), { timeout: 20_000 });
    expect(await bookedFor(album.id)).toEqual([`PAYMENT ${due}`, `TAKEDOWN_SETTLEMENT ${due}`]);
  });
});
