import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  cardSetupStartedSchema,
  endpoints,
  paymentMethodSetupSchema,
  paymentSchema,
  type Session,
  STRIPE_SIGNATURE_HEADER,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { expectError, expectShape } from '../../testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { signStripe } from './index.js';
import { payingArtist } from '../../testing/takedown-fixtures.js';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

const SECRET_KEY = 'sk_test_tunehouse';
const WEBHOOK_SECRET = 'whsec_tunehouse_test';

type Call = { method: string; path: string; query: string; form: Json; idempotencyKey: string | null };

/**
 * Stripe's Checkout Sessions endpoints on a local server, answering the responses in fixtures/ (written from Stripe's
 * API reference — fixtures/README.md). Like Stripe it answers the same session to a request repeated with its
 * Idempotency-Key, and keeps each session's state: `complete()` and `expire()` are what the card holder (or time)
 * does on Stripe's page.
 */
function startStripe() {
  const state = {
    calls: [] as Call[],
    down: false,
    sessions: new Map<string, { mode: string; form: Json; state: 'open' | 'complete' | 'expired' }>(),
    byKey: new Map<string, string>(),
  };
  const sessionAnswer = (id: string, expand: boolean): Json => {
    const session = state.sessions.get(id)!;
    const ours = String(session.form.client_reference_id);
    const name =
      session.mode === 'setup'
        ? session.state === 'complete' && expand
          ? 'stripe-session-setup-complete-expanded'
          : 'stripe-session-setup-open'
        : session.state === 'complete'
          ? 'stripe-session-payment-complete'
          : session.state === 'expired'
            ? 'stripe-session-payment-expired'
            : 'stripe-session-payment-open';
    const answer = fixture(name);
    return {
      ...answer,
      id,
      client_reference_id: ours,
      status: session.state,
      url: session.state === 'open' ? `https://checkout.stripe.com/c/pay/${id}` : null,
      success_url: session.form.success_url,
      cancel_url: session.form.cancel_url,
    };
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
      state.calls.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.search,
        form,
        idempotencyKey,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (state.down) return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!/^\d+$/.test(form['line_items[0][price_data][unit_amount]'] ?? '0'))
          return send(400, fixture('stripe-error-invalid-request'));
        let id = idempotencyKey ? state.byKey.get(idempotencyKey) : undefined;
        if (!id) {
          id = `cs_test_${randomUUID().replaceAll('-', '')}`;
          state.sessions.set(id, { mode: String(form.mode), form, state: 'open' });
          if (idempotencyKey) state.byKey.set(idempotencyKey, id);
        }
        return send(200, sessionAnswer(id, false));
      }
      const read = url.pathname.match(/^\/v1\/checkout\/sessions\/(cs_test_\w+)$/);
      if (request.method === 'GET' && read && state.sessions.has(read[1]!))
        return send(
          200,
          sessionAnswer(
            read[1]!,
            url.searchParams.getAll('expand[]').includes('setup_intent.payment_method'),
          ),
        );
      send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    });
  });
  return new Promise<{
    url: string;
    state: typeof state;
    sessionFor: (ours: string) => string;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        sessionFor: (ours) =>
          [...state.sessions].find(([, session]) => session.form.client_reference_id === ours)![0],
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let stripe: Awaited<ReturnType<typeof startStripe>>;
let t: TestApp;
let owner: Session;
let published: Awaited<ReturnType<typeof payingArtist>>['published'];

beforeAll(async () => {
  stripe = await startStripe();
  t = await createTestApp({
    audioPreviewWorker: false,
    reviewAutoAccept: true,
    payments: {
      ...testConfig().payments,
      stripe: { apiUrl: stripe.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    },
  });
  ({ owner, published } = await payingArtist(t));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.state.calls.length = 0;
  stripe.state.down = false;
});

/** A Stripe event about one of the local server's sessions, as Stripe would sign and send it. */
function stripeEvent(
  type: string,
  sessionId: string,
  { signedWith = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000), id = `evt_${randomUUID()}` } = {},
) {
  const session = stripe.state.sessions.get(sessionId)!;
  const object = {
    ...fixture(session.mode === 'setup' ? 'stripe-session-setup-open' : 'stripe-session-payment-complete'),
    id: sessionId,
    client_reference_id: session.form.client_reference_id,
    status: session.state,
    payment_status:
      session.mode === 'setup' ? 'no_payment_required' : session.state === 'complete' ? 'paid' : 'unpaid',
  };
  const body = JSON.stringify({
    ...fixture('stripe-event-checkout-session-completed'),
    id,
    type,
    data: { object },
  });
  return t.app.inject({
    method: 'POST',
    url: endpoints.payments.stripeWebhook.path,
    headers: {
      'content-type': 'application/json',
      [STRIPE_SIGNATURE_HEADER]: signStripe(signedWith, at, body),
    },
    payload: body,
  });
}

async function startPayment() {
  const { album, due } = await published();
  const key = randomUUID();
  const response = await t.app.inject(
    injectOf(
      endpoints.payments.create,
      { body: { purpose: 'TAKEDOWN', albumId: album.id, amount: due }, headers: { 'idempotency-key': key } },
      { session: owner, headers: { 'idempotency-key': key } },
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { album, due, key, payment: expectShape(paymentSchema, response) };
}

const readPayment = async (id: string) =>
  expectShape(
    paymentSchema,
    await t.app.inject(injectOf(endpoints.payments.get, { params: { id } }, { session: owner })),
  );

describe('Stripe Checkout adapter (responses written from Stripe’s API reference)', () => {
  it('opens a payment-mode session for the exact amount, once per payment, and sends the browser to it', async () => {
    const { payment, due } = await startPayment();
    const session = stripe.sessionFor(payment.id);
    expect(payment.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${session}`);
    const [created] = stripe.state.calls;
    expect(created).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `payment-${payment.id}`,
    });
    expect(created!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: payment.id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(due),
      success_url: `${t.config.siteUrl}/payments/complete?payment_id=${payment.id}`,
    });
    // The simulator's pages and webhook are not there while Stripe is the provider.
    expect((await t.app.inject({ url: `/v1/simulator/checkout/${payment.id}` })).statusCode).toBe(404);
  });

  it('settles on the signed checkout.session.completed event, once; forged, stale and replayed events do nothing', async () => {
    const { payment } = await startPayment();
    const session = stripe.sessionFor(payment.id);
    stripe.state.sessions.get(session)!.state = 'complete';
    const id = `evt_${randomUUID()}`;
    expectError(
      await stripeEvent('checkout.session.completed', session, { id, signedWith: 'whsec_forged' }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await stripeEvent('checkout.session.completed', session, {
        id,
        at: Math.floor(Date.now() / 1000) - 600,
      }),
      400,
      'BAD_REQUEST',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: endpoints.payments.stripeWebhook.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(fixture('stripe-event-checkout-session-completed')),
    });
    expectError(unsigned, 400, 'BAD_REQUEST');
    expect((await t.db.query('SELECT status FROM payments WHERE id = $1', [payment.id])).rows[0]).toEqual({
      status: 'PENDING',
    });

    const first = await stripeEvent('checkout.session.completed', session, { id });
    expect(first.statusCode, first.body).toBe(200);
    expectError(await stripeEvent('checkout.session.completed', session, { id }), 409, 'CONFLICT');
    const { rows } = await t.db.query<{ kind: string }>(
      `SELECT kind FROM ledger_transfers WHERE idempotency_key LIKE $1`,
      [`payment:${payment.id}%`],
    );
    expect(rows.map((row) => row.kind)).toEqual(['PAYMENT']);
    expect(await readPayment(payment.id)).toMatchObject({ status: 'SUCCEEDED', result: 'TAKEN_DOWN' });
  });

  it('the return asks Stripe: open is PENDING, paid settles, expired fails; an unrelated event is acknowledged', async () => {
    const { payment } = await startPayment();
    const session = stripe.sessionFor(payment.id);
    expect((await readPayment(payment.id)).status).toBe('PENDING');
    const ignored = await stripeEvent('payment_intent.created', session);
    expect(ignored.statusCode).toBe(200);
    stripe.state.sessions.get(session)!.state = 'complete';
    expect(await readPayment(payment.id)).toMatchObject({ status: 'SUCCEEDED' });

    const other = await startPayment();
    stripe.state.sessions.get(stripe.sessionFor(other.payment.id))!.state = 'expired';
    const failed = await readPayment(other.payment.id);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed.failureReason).toContain('expired');
  });

  it('Stripe down when the checkout opens: 503, and the same key opens it later, once', async () => {
    const { album, due } = await published();
    const key = randomUUID();
    const ask = () =>
      t.app.inject(
        injectOf(
          endpoints.payments.create,
          {
            body: { purpose: 'TAKEDOWN', albumId: album.id, amount: due },
            headers: { 'idempotency-key': key },
          },
          { session: owner, headers: { 'idempotency-key': key } },
        ),
      );
    stripe.state.down = true;
    expectError(await ask(), 503, 'SERVICE_UNAVAILABLE');
    stripe.state.down = false;
    const payment = expectShape(paymentSchema, await ask());
    expect(payment.checkoutUrl).toContain('checkout.stripe.com');
    expect(
      [...stripe.state.sessions.values()].filter((s) => s.form.client_reference_id === payment.id),
    ).toHaveLength(1);
  });

  it('saves a card through a setup-mode session: its brand, last four and expiry, read with the SetupIntent expanded', async () => {
    const started = await t.app.inject(
      injectOf(endpoints.billing.addMethod, { body: { kind: 'CARD' } }, { session: owner }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const { setup } = expectShape(cardSetupStartedSchema, started);
    const session = stripe.sessionFor(setup.id);
    expect(setup.redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${session}`);
    expect(stripe.state.calls[0]!.form).toMatchObject({
      mode: 'setup',
      currency: 'eur',
      'payment_method_types[0]': 'card',
      client_reference_id: setup.id,
      success_url: `${t.config.siteUrl}/payment-methods/complete?setup_id=${setup.id}`,
    });
    stripe.state.sessions.get(session)!.state = 'complete';
    const event = await stripeEvent('checkout.session.completed', session);
    expect(event.statusCode, event.body).toBe(200);
    expect(stripe.state.calls.at(-1)).toMatchObject({
      method: 'GET',
      query: '?expand[]=setup_intent.payment_method',
    });
    const done = expectShape(
      paymentMethodSetupSchema,
      await t.app.inject(
        injectOf(endpoints.payments.setup, { params: { id: setup.id } }, { session: owner }),
      ),
    );
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      paymentMethod: { kind: 'CARD', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030 },
    });
    const { rows } = await t.db.query(
      `SELECT provider, provider_recipient FROM payment_methods WHERE id = $1`,
      [done.paymentMethod!.id],
    );
    expect(rows[0]).toEqual({ provider: 'stripe', provider_recipient: 'pm_1QdWq8LkM8bVEo3iQwErTyUi' });
  });
});
