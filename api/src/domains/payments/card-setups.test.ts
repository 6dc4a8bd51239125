import { randomUUID } from 'node:crypto';
import {
  cardSetupStartedSchema,
  endpoints,
  type PaymentMethodSetup,
  paymentMethodListSchema,
  paymentMethodSetupSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { simulatorWebhook, untilDecided, type WebhookForgery } from '../../testing/payment-simulator.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';

let t: TestApp;
let owner: Session;
let ownerAccount: string;
let stranger: Session;
const api = endpoints.payments;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false }, undefined, { ownDataDir: 'card-setups' });
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  ownerAccount = a.account.id;
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(() => t.close());

async function startSetup(session: Session = owner): Promise<PaymentMethodSetup> {
  const response = await t.app.inject(
    injectOf(endpoints.billing.addMethod, { body: { kind: 'CARD' } }, { session }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(cardSetupStartedSchema, response).setup;
}

const readSetup = (id: string, session: Session = owner) =>
  t.app.inject(injectOf(api.setup, { params: { id } }, { session }));

const simulatorForm = (id: string, action: 'save' | 'cancel', card = 'visa') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/simulator/setup/${id}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${card}`,
  });

const webhook = (
  event: { id: string; type: 'setup.succeeded' | 'setup.failed'; setupId: string },
  forgery?: WebhookForgery,
) => simulatorWebhook(t, event, forgery);

const methodsOf = async (session: Session = owner) =>
  expectShape(
    paymentMethodListSchema,
    await t.app.inject(injectOf(endpoints.billing.methods, {}, { session })),
  ).items;

/** The card rows stored for the account, straight from the table: a card is stored once or not at all. */
async function storedCards(accountId = ownerAccount) {
  const { rows } = await t.db.query<{ id: string; card_last4: string }>(
    `SELECT id, card_last4 FROM payment_methods WHERE account_id = $1 AND kind = 'CARD'`,
    [accountId],
  );
  return rows;
}

const decided = (id: string) =>
  untilDecided(async () => expectShape(paymentMethodSetupSchema, await readSetup(id)), `set-up ${id}`);

describe('saving a card through the provider’s set-up page', () => {
  it('opens the simulator’s plainly labelled page, stores brand, last four and expiry once saved, lists and removes it', async () => {
    const before = (await storedCards()).length;
    const setup = await startSetup();
    expect(setup).toMatchObject({ status: 'PENDING', paymentMethod: null });
    expect(setup.redirectUrl).toMatch(new RegExp(`/v1/simulator/setup/${setup.id}$`));

    const page = await t.app.inject({ url: new URL(setup.redirectUrl!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Simulated payment provider — no real money</title>');
    expect(page.body).toContain(`action="/v1/simulator/setup/${setup.id}/save"`);
    expect(page.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(t.config.siteUrl).origin}`,
    );

    const saved = await simulatorForm(setup.id, 'save', 'mastercard');
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${t.config.siteUrl}/payment-methods/complete?setup_id=${setup.id}`);
    const done = await decided(setup.id);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      redirectUrl: null,
      paymentMethod: { kind: 'CARD', brand: 'mastercard', last4: '4444', expMonth: 12 },
    });
    expect(done.paymentMethod!.expYear).toBe(new Date().getUTCFullYear() + 3);
    expect(await storedCards()).toHaveLength(before + 1);
    // Nothing but what is shown is kept of the card: no column holds anything shaped like a card number.
    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT * FROM payment_methods WHERE id = $1`,
      [done.paymentMethod!.id],
    );
    const cardNumberLike = Object.values(rows[0]!).filter(
      (value) => typeof value === 'string' && /^\d{12,19}$/.test(value.replace(/[\s-]/g, '')),
    );
    expect(cardNumberLike).toEqual([]);
    expect(rows[0]).toMatchObject({ card_brand: 'mastercard', card_last4: '4444', iban_last4: null });

    const listed = await methodsOf();
    expect(listed).toContainEqual(done.paymentMethod);
    const removed = await t.app.inject(
      injectOf(
        endpoints.billing.deleteMethod,
        { params: { id: done.paymentMethod!.id } },
        { session: owner },
      ),
    );
    expect(removed.statusCode).toBe(204);
    expect((await methodsOf()).map((method) => method.id)).not.toContain(done.paymentMethod!.id);
    // Pressing Save again on the decided page stores nothing more.
    await simulatorForm(setup.id, 'save');
    expect(await storedCards()).toHaveLength(before + 1);
  });

  it('refuses anything about the card itself: it is typed on the provider’s page, never sent here', async () => {
    const response = await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        { body: { kind: 'CARD', number: '4242424242424242' } as never },
        { session: owner },
      ),
    );
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details).toEqual([
      { path: ['body', 'number'], message: 'Not allowed here' },
    ]);
    expect(response.body).not.toContain('4242424242424242');
  });

  it('cancelled at the provider: FAILED with the reason, nothing stored', async () => {
    const before = (await storedCards()).length;
    const setup = await startSetup();
    expect((await simulatorForm(setup.id, 'cancel')).statusCode).toBe(303);
    const failed = await decided(setup.id);
    expect(failed).toMatchObject({ status: 'FAILED', paymentMethod: null, redirectUrl: null });
    expect(failed.failureReason).toContain('cancelled');
    expect(await storedCards()).toHaveLength(before);
  });

  it('another account’s set-up and card are 404, and a card is no payout target', async () => {
    const setup = await startSetup();
    expectError(await readSetup(setup.id, stranger), 404, 'NOT_FOUND');
    expectError(await readSetup(randomUUID()), 404, 'NOT_FOUND');
    await simulatorForm(setup.id, 'save');
    const card = (await decided(setup.id)).paymentMethod!;
    expectError(
      await t.app.inject(
        injectOf(endpoints.billing.deleteMethod, { params: { id: card.id } }, { session: stranger }),
      ),
      404,
      'NOT_FOUND',
    );
    expect((await methodsOf(stranger)).map((method) => method.id)).not.toContain(card.id);
    // A payout to a card is refused as a missing payout method (cards are for paying in).
    await verifyIdentity(t.db, ownerAccount, 'Card Owner');
    const key = randomUUID();
    const payout = await t.app.inject(
      injectOf(
        endpoints.payouts.request,
        { body: { amount: 5_000, paymentMethodId: card.id }, headers: { 'idempotency-key': key } },
        { session: owner, headers: { 'idempotency-key': key } },
      ),
    );
    expectError(payout, 404, 'NOT_FOUND');
    const eligibility = await t.app.inject(injectOf(endpoints.payouts.eligibility, {}, { session: owner }));
    expect(eligibility.json().blockers).toContain('NO_PAYMENT_METHOD');
  });
});

describe('confirming a set-up', () => {
  it('refuses forged, stale and replayed set-up webhooks; the card is stored once', async () => {
    const setup = await startSetup();
    const before = (await storedCards()).length;
    // The card holder saved the card at the provider; its own webhook is under way too.
    await simulatorForm(setup.id, 'save');
    const event = { id: `evt-${randomUUID()}`, type: 'setup.succeeded' as const, setupId: setup.id };
    expectError(await webhook(event, { signedWith: 'not-the-secret' }), 400, 'BAD_REQUEST');
    expectError(await webhook(event, { at: Math.floor(Date.now() / 1000) - 6 * 60 }), 400, 'BAD_REQUEST');
    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, paymentStatus: 'SUCCEEDED' });
    expectError(await webhook(event), 409, 'CONFLICT');
    await vi.waitFor(async () => {
      const { rows } = await t.db.query<{ events: string }>(
        `SELECT count(*) AS events FROM payment_webhook_events WHERE event_id LIKE $1`,
        [`simulated-setup-${setup.id}-%`],
      );
      expect(rows[0]!.events).toBe('1');
    });
    expect(await storedCards()).toHaveLength(before + 1);
  });

  it('the webhook and the returns race: confirmed once, one card', async () => {
    const setup = await startSetup();
    const before = (await storedCards()).length;
    const saved = await simulatorForm(setup.id, 'save');
    expect(saved.statusCode).toBe(303);
    // The simulator's own webhook is under way; another one and three returns arrive at the same time.
    const answers = await Promise.all([
      webhook({ id: `evt-${randomUUID()}`, type: 'setup.succeeded', setupId: setup.id }),
      readSetup(setup.id),
      readSetup(setup.id),
      readSetup(setup.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const done = await decided(setup.id);
    expect(done.status).toBe('SUCCEEDED');
    await vi.waitFor(async () => {
      const { rows } = await t.db.query<{ events: string }>(
        `SELECT count(*) AS events FROM payment_webhook_events WHERE event_id LIKE $1`,
        [`simulated-setup-${setup.id}-%`],
      );
      expect(rows[0]!.events).toBe('1');
    });
    const cards = await storedCards();
    expect(cards).toHaveLength(before + 1);
    expect(cards.map((card) => card.id)).toContain(done.paymentMethod!.id);
  });
});
