import { randomUUID } from 'node:crypto';
import {
  endpoints,
  invoiceSchema,
  paymentMethodListSchema,
  payoutEligibilitySchema,
  payoutPageSchema,
  payoutSchema,
  type PayoutRequest,
  type Session,
  sessionSchema,
  walletMutationPageSchema,
  walletSchema,
} from '@tunehouse/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { addBankAccount, TEST_BILLING_DETAILS } from '../../testing/billing-fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';
import { balanceOf, PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../ledger/index.js';
import { createPayoutsFromConfig, type PayoutService } from './index.js';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The authenticator code `offsetSteps` 30-second steps from now (one step of drift is accepted). */
const totpCode = (offsetSteps: number) =>
  generate({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const BILLING = TEST_BILLING_DETAILS;

let t: TestApp;
let payouts: PayoutService;

beforeAll(async () => {
  // The simulator settles as soon as it is asked: the tests ask (the check job) when they want a settlement. New
  // payees' hold off: these tests pay out to the account they just added (the hold: money-actions.test.ts).
  t = await createTestApp({
    payouts: { ...testConfig().payouts, simulatorSettleSeconds: 0, methodHoldHours: 0 },
  });
  payouts = createPayoutsFromConfig(t.config, { db: t.db, jobs: t.jobs });
});
afterAll(() => t.close());

type Payee = { user: UserRecord; session: Session; methodId: string };

/** Money in a wallet, as a period close would have put it there. */
async function credit(accountId: string, amount: number) {
  await transfer(t.db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(accountId),
    amount,
    kind: 'CLOSE_CREDIT',
  });
}

/** A signed-in account; by default identity-verified, with billing details, a bank account and `balance` cents. */
async function payee({
  verified = true,
  billing = true,
  balance = 50_000,
  totp = false,
}: { verified?: boolean; billing?: boolean; balance?: number; totp?: boolean } = {}): Promise<Payee> {
  const user = await createUser(t.db);
  if (verified) await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
  let session = await login(t.app, user.email);
  if (billing) {
    const response = await t.app.inject(
      injectOf(endpoints.billing.setBillingDetails, { body: BILLING }, { session }),
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  if (balance > 0) await credit(user.account.id, balance);
  // Without a verified name there is nothing to compare a holder with: such an account adds no bank account.
  if (!verified) return { user, session, methodId: randomUUID() };
  const methodId = await addBankAccount(t.app, session);
  if (totp) {
    // The second step turned on after the account was added; signing in again takes this time step's code, so the
    // payout needs a later one (a used step is refused).
    await t.db.query(`UPDATE users SET second_step = 'totp', totp_secret = $2 WHERE id = $1`, [
      user.id,
      TOTP_SECRET,
    ]);
    const pending = await login(t.app, user.email);
    const verified = await t.app.inject(
      injectOf(endpoints.sessions.verify, { body: { secret: await totpCode(0) } }, { session: pending }),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    session = expectShape(sessionSchema, verified);
  }
  return { user, session, methodId };
}

const ask = (session: Session, body: PayoutRequest, key: string = randomUUID()) =>
  t.app.inject(
    injectOf(
      endpoints.payouts.request,
      { body, headers: { 'idempotency-key': key } },
      { session, headers: { 'idempotency-key': key } },
    ),
  );

async function payOut(p: Payee, amount: number, key?: string) {
  const response = await ask(p.session, { amount, paymentMethodId: p.methodId }, key);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(payoutSchema, response);
}

const walletOf = async (session: Session) =>
  expectShape(walletSchema, await t.app.inject(injectOf(endpoints.wallet.get, {}, { session })));

const invoiceOf = async (session: Session, id: string) =>
  expectShape(
    invoiceSchema,
    await t.app.inject(injectOf(endpoints.invoices.get, { params: { id } }, { session })),
  );

describe('a removed bank account', () => {
  it('removes only the caller’s own method, and a removed method takes no payout', async () => {
    const p = await payee();
    const other = await payee({ balance: 0 });
    expectError(
      await t.app.inject(
        injectOf(endpoints.billing.deleteMethod, { params: { id: p.methodId } }, { session: other.session }),
      ),
      404,
      'NOT_FOUND',
    );
    const removed = await t.app.inject(
      injectOf(endpoints.billing.deleteMethod, { params: { id: p.methodId } }, { session: p.session }),
    );
    expect(removed.statusCode).toBe(204);
    expectError(await ask(p.session, { amount: 1_000, paymentMethodId: p.methodId }), 404, 'NOT_FOUND');
    expect(await walletBalance(t.db, p.user.account.id)).toBe(50_000);
  });
});

describe('POST /v1/payouts rules', () => {
  it('needs an Idempotency-Key header', async () => {
    const p = await payee();
    const response = await t.app.inject(
      injectOf(
        endpoints.payouts.request,
        { body: { amount: 1_000, paymentMethodId: p.methodId }, headers: { 'idempotency-key': '' } },
        { session: p.session },
      ),
    );
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('refuses an account whose identity is not verified', async () => {
    const p = await payee({ verified: false });
    expectError(
      await ask(p.session, { amount: 1_000, paymentMethodId: p.methodId }),
      403,
      'IDENTITY_NOT_VERIFIED',
    );
  });

  it('refuses less than the minimum payout (a setting, €10.00 by default)', async () => {
    expect(t.config.payouts.minimumCents).toBe(1_000);
    const p = await payee();
    const error = expectError(
      await ask(p.session, { amount: 999, paymentMethodId: p.methodId }),
      422,
      'PAYOUT_BELOW_MINIMUM',
    );
    expect(error.message).toContain('10.00');
    await payOut(p, 1_000);
  });

  it('refuses any payout while corrections hold the balance below zero, and says why', async () => {
    // docs/decisions/0078-corrections-and-negative-balances.md: a participant paid out, then corrected.
    const p = await payee({ balance: 1_500 });
    await payOut(p, 1_500);
    await transfer(t.db, {
      idempotencyKey: `test-correction-${randomUUID()}`,
      debit: walletKey(p.user.account.id),
      credit: PLATFORM_ACCOUNTS.storeReceivables,
      amount: 400,
      kind: 'CLOSE_CORRECTION',
    });
    expect(await walletBalance(t.db, p.user.account.id)).toBe(-400);
    // The next royalties cover the debt first: €12 in leaves €8.
    await credit(p.user.account.id, 1_200);
    const error = expectError(
      await ask(p.session, { amount: 1_000, paymentMethodId: p.methodId }),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(error.message).toBe('The balance is too low: 8.00 available, 2.00 short');
    await transfer(t.db, {
      idempotencyKey: `test-correction-${randomUUID()}`,
      debit: walletKey(p.user.account.id),
      credit: PLATFORM_ACCOUNTS.storeReceivables,
      amount: 2_000,
      kind: 'CLOSE_CORRECTION',
    });
    const refused = expectError(
      await ask(p.session, { amount: 1_000, paymentMethodId: p.methodId }),
      409,
      'NEGATIVE_BALANCE',
    );
    expect(refused.message).toContain('-12.00');
    expect(refused.message).toContain('the next royalties cover that first');
    const eligibility = expectShape(
      payoutEligibilitySchema,
      await t.app.inject(injectOf(endpoints.payouts.eligibility, {}, { session: p.session })),
    );
    expect(eligibility).toMatchObject({ available: -1_200, blockers: ['NEGATIVE_BALANCE'] });
    expect((await walletOf(p.session)).available).toBe(-1_200);
    expect(await walletBalance(t.db, p.user.account.id)).toBe(-1_200);
  });

  it('refuses more than the available balance, naming the shortfall, and leaves nothing behind', async () => {
    const p = await payee({ balance: 1_500 });
    const error = expectError(
      await ask(p.session, { amount: 2_000, paymentMethodId: p.methodId }),
      409,
      'INSUFFICIENT_FUNDS',
    );
    expect(error.message).toBe('The balance is too low: 15.00 available, 5.00 short');
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM payouts WHERE account_id = $1', [
      p.user.account.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect(await walletBalance(t.db, p.user.account.id)).toBe(1_500);
  });

  it('pays only to a method of the caller’s', async () => {
    const p = await payee();
    const other = await payee({ balance: 0 });
    expectError(await ask(p.session, { amount: 1_000, paymentMethodId: other.methodId }), 404, 'NOT_FOUND');
  });

  it('needs billing details for the invoice', async () => {
    const p = await payee({ billing: false });
    expectError(
      await ask(p.session, { amount: 1_000, paymentMethodId: p.methodId }),
      409,
      'BILLING_DETAILS_REQUIRED',
    );
  });

  it('needs the authenticator code when the account has a second step, and takes each code once', async () => {
    const p = await payee({ totp: true });
    const body = { amount: 1_000, paymentMethodId: p.methodId };
    expectError(await ask(p.session, body), 403, 'SECOND_STEP_REQUIRED');
    const wrong = expectError(
      await ask(p.session, { ...body, otp: '000000' }),
      400,
      'CHALLENGE_SECRET_INVALID',
    );
    expect(wrong.details?.[0]?.path).toEqual(['body', 'otp']);
    const otp = await totpCode(1);
    const key = randomUUID();
    const answer = await ask(p.session, { ...body, otp }, key);
    expect(answer.statusCode, answer.body).toBe(201);
    const paid = expectShape(payoutSchema, answer);
    // A replay of the same request answers the payout without a new code; a new request cannot reuse the code.
    expect(expectShape(payoutSchema, await ask(p.session, { ...body, otp }, key)).id).toBe(paid.id);
    expectError(await ask(p.session, { ...body, otp }), 400, 'CHALLENGE_SECRET_INVALID');
    expect(await walletBalance(t.db, p.user.account.id)).toBe(49_000);
  });

  it('answers a replay with the same payout and refuses the key for another body', async () => {
    const p = await payee();
    const key = randomUUID();
    const first = await payOut(p, 2_500, key);
    const again = await payOut(p, 2_500, key);
    expect(again.id).toBe(first.id);
    expect(await walletBalance(t.db, p.user.account.id)).toBe(47_500);
    expectError(
      await ask(p.session, { amount: 2_600, paymentMethodId: p.methodId }, key),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('is the account holder’s alone: an administrator viewing as the user may read but not pay out', async () => {
    const p = await payee();
    const admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
    const viewing = expectShape(
      sessionSchema,
      await t.app.inject(
        injectOf(endpoints.admin.impersonate, { body: { userId: p.user.id } }, { session: admin }),
      ),
    );
    expectError(
      await ask(viewing, { amount: 1_000, paymentMethodId: p.methodId }),
      403,
      'IMPERSONATION_READ_ONLY',
    );
    expectError(
      await t.app.inject(
        injectOf(endpoints.billing.deleteMethod, { params: { id: p.methodId } }, { session: viewing }),
      ),
      403,
      'IMPERSONATION_READ_ONLY',
    );
    const read = await t.app.inject(injectOf(endpoints.billing.methods, {}, { session: viewing }));
    expect(expectShape(paymentMethodListSchema, read).items).toHaveLength(1);
    expect(await walletBalance(t.db, p.user.account.id)).toBe(50_000);
  });

  it('tells the wallet beforehand what stands in the way', async () => {
    const blocked = await payee({ verified: false, billing: false, balance: 500 });
    const eligibility = (session: Session) =>
      t.app
        .inject(injectOf(endpoints.payouts.eligibility, {}, { session }))
        .then((response) => expectShape(payoutEligibilitySchema, response));
    expect(await eligibility(blocked.session)).toEqual({
      minimumAmount: 1_000,
      available: 500,
      currency: 'EUR',
      secondStepRequired: false,
      blockers: ['IDENTITY_NOT_VERIFIED', 'NO_PAYMENT_METHOD', 'NO_BILLING_DETAILS', 'BELOW_MINIMUM'],
    });
    const ready = await payee({ totp: true });
    expect(await eligibility(ready.session)).toMatchObject({ blockers: [], secondStepRequired: true });
  });
});

describe('a payout’s life through the simulator', () => {
  it('is sent at once, held in flight, then settles; the wallet shows the mutation with its payout', async () => {
    const p = await payee();
    const settledBefore = await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements);
    const payout = await payOut(p, 12_345);
    expect(payout).toMatchObject({ status: 'SENT', amount: 12_345, currency: 'EUR', settledAt: null });
    expect((await walletOf(p.session)).held.payoutsInFlight).toBe(12_345);
    expect((await walletOf(p.session)).available).toBe(50_000 - 12_345);

    await payouts.lifecycle.check({ payoutId: payout.id });
    const settled = expectShape(
      payoutSchema,
      await t.app.inject(
        injectOf(endpoints.payouts.get, { params: { id: payout.id } }, { session: p.session }),
      ),
    );
    expect(settled.status).toBe('SETTLED');
    expect(settled.settledAt).not.toBeNull();
    expect((await walletOf(p.session)).held.payoutsInFlight).toBe(0);
    expect(await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements)).toBe(settledBefore + 12_345);

    const mutations = expectShape(
      walletMutationPageSchema,
      await t.app.inject(
        injectOf(endpoints.wallet.mutations, { query: { type: 'PAYOUT' } }, { session: p.session }),
      ),
    );
    expect(mutations.items).toEqual([expect.objectContaining({ amount: -12_345, payoutId: payout.id })]);
  });

  it('fails when the simulator is told so: the money returns to the wallet and the invoice is cancelled', async () => {
    const p = await payee();
    const payout = await payOut(p, 3_000);
    const failed = expectShape(
      payoutSchema,
      await t.app.inject(
        injectOf(
          endpoints.payouts.simulateOutcome,
          { params: { id: payout.id }, body: { outcome: 'FAIL' } },
          { session: p.session },
        ),
      ),
    );
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('Simulated') });
    expect(await walletOf(p.session)).toMatchObject({ available: 50_000, held: { payoutsInFlight: 0 } });
    expect((await invoiceOf(p.session, payout.invoiceId)).cancelledAt).not.toBeNull();
    const returned = expectShape(
      walletMutationPageSchema,
      await t.app.inject(
        injectOf(endpoints.wallet.mutations, { query: { type: 'PAYOUT_RETURNED' } }, { session: p.session }),
      ),
    );
    expect(returned.items).toEqual([expect.objectContaining({ amount: 3_000, payoutId: payout.id })]);
  });

  it('comes back after settling when returned, out of the settlements; a settled payout cannot fail', async () => {
    const p = await payee();
    const payout = await payOut(p, 4_000);
    await payouts.lifecycle.check({ payoutId: payout.id });
    const simulate = (outcome: 'FAIL' | 'RETURN') =>
      t.app.inject(
        injectOf(
          endpoints.payouts.simulateOutcome,
          { params: { id: payout.id }, body: { outcome } },
          { session: p.session },
        ),
      );
    expectError(await simulate('FAIL'), 409, 'CONFLICT');
    const settlements = await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements);
    expect(expectShape(payoutSchema, await simulate('RETURN')).status).toBe('RETURNED');
    expect(await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements)).toBe(settlements - 4_000);
    expect(await walletBalance(t.db, p.user.account.id)).toBe(50_000);
  });

  it('lists the caller’s payouts newest first, by status, and hides other accounts’ payouts and invoices', async () => {
    const p = await payee();
    const other = await payee();
    const first = await payOut(p, 1_000);
    const second = await payOut(p, 2_000);
    await payouts.lifecycle.check({ payoutId: first.id });
    const page = (query: object) =>
      t.app
        .inject(injectOf(endpoints.payouts.list, { query }, { session: p.session }))
        .then((response) => expectShape(payoutPageSchema, response));
    expect((await page({})).items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await page({ status: 'SETTLED' })).items.map((item) => item.id)).toEqual([first.id]);
    expect(await page({ size: 1 })).toMatchObject({ totalItems: 2, nextOffset: 1, size: 1 });
    const session = other.session;
    expectError(
      await t.app.inject(injectOf(endpoints.payouts.get, { params: { id: first.id } }, { session })),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.app.inject(injectOf(endpoints.invoices.get, { params: { id: first.invoiceId } }, { session })),
      404,
      'NOT_FOUND',
    );
  });
});

describe('invoices', () => {
  it('numbers each year’s invoices without gaps, even when a payout in between is refused', async () => {
    const p = await payee({ balance: 10_000 });
    const a = await payOut(p, 4_000);
    expectError(
      await ask(p.session, { amount: 9_000, paymentMethodId: p.methodId }),
      409,
      'INSUFFICIENT_FUNDS',
    );
    const b = await payOut(p, 6_000);
    const [first, second] = [
      await invoiceOf(p.session, a.invoiceId),
      await invoiceOf(p.session, b.invoiceId),
    ];
    const year = new Date().getUTCFullYear();
    const numberOf = (invoice: { number: string }) => Number(invoice.number.slice(5));
    expect(first.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(numberOf(second)).toBe(numberOf(first) + 1);
    const { rows } = await t.db.query<{ gaps: number }>(
      `SELECT (max(number) - min(number) + 1 - count(*))::int AS gaps FROM invoices WHERE year = $1`,
      [year],
    );
    expect(rows[0]!.gaps).toBe(0);
    expect(second).toMatchObject({
      payoutId: b.id,
      total: 6_000,
      supplier: { ...BILLING, vatId: 'NL001234567B01' },
      customer: { name: t.config.payouts.invoiceIssuer.name },
      lines: [{ amount: 6_000 }],
      vatNote: expect.stringContaining('reverse charge'),
      cancelledAt: null,
    });
  });

  it('downloads as a PDF attachment named by its number', async () => {
    const p = await payee();
    const payout = await payOut(p, 1_000);
    const invoice = await invoiceOf(p.session, payout.invoiceId);
    const response = await t.app.inject(
      injectOf(endpoints.invoices.pdf, { params: { id: payout.invoiceId } }, { session: p.session }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
