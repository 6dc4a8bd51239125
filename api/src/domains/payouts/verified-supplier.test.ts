import { randomUUID } from 'node:crypto';
import {
  adminHolderReviewItemSchema,
  adminHolderReviewPageSchema,
  billingDetailsAnswerSchema,
  endpoints,
  invoiceSchema,
  paymentMethodSchema,
  payoutEligibilitySchema,
  payoutSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login, PASSWORD } from '../../testing/fixtures.js';
import { textOfPdf } from '../../testing/pdf-text.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';

// N5 of the 2026-11-27 review (docs/decisions/0062-verified-supplier-and-names.md): Eve, verified as "eve Tester", could have a self-billing
// invoice made out to "Mara Lindqvist" with Mara's address and a VAT id she typed, paid to an account she said
// Mara held. The supplier is now the verified name, a holder that is not it waits for an administrator, and the
// operator's own details are the customer.

const OPERATOR = {
  name: 'Harbour Music B.V.',
  addressLines: ['Keizersgracht 2', '1015 AA Amsterdam'],
  vatId: 'NL888888888B01',
};
const MARAS_ADDRESS = {
  addressLine: 'Södra Förstadsgatan 1',
  postalCode: '211 43',
  city: 'Malmö',
  country: 'SE',
} as const;

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({
    payouts: {
      ...testConfig().payouts,
      simulatorSettleSeconds: 0,
      invoiceIssuer: OPERATOR,
      // The new-payee hold is decision 0060's (money-actions.test.ts): here accounts take payouts at once.
      methodHoldHours: 0,
    },
  });
  admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
});
afterAll(() => t.close());

async function eve(): Promise<{ user: UserRecord; session: Session }> {
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'eve Tester');
  await transfer(t.db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: 50_000,
    kind: 'CLOSE_CREDIT',
  });
  return { user, session: await login(t.app, user.email) };
}

const setBilling = (session: Session, body: Record<string, unknown>) =>
  t.app.inject(injectOf(endpoints.billing.setBillingDetails, { body: body as never }, { session }));
const addAccount = (session: Session, holderName: string, iban = 'DE89370400440532013000', country = 'DE') =>
  t.app.inject(
    injectOf(
      endpoints.billing.addMethod,
      { body: { kind: 'BANK_ACCOUNT', holderName, iban, country: country as 'DE', password: PASSWORD } },
      { session },
    ),
  );
const ask = (session: Session, paymentMethodId: string, amount = 5_000) => {
  const key = randomUUID();
  return t.app.inject(
    injectOf(
      endpoints.payouts.request,
      { body: { amount, paymentMethodId }, headers: { 'idempotency-key': key } },
      { session, headers: { 'idempotency-key': key } },
    ),
  );
};
const issues = (response: { body: string }) =>
  (JSON.parse(response.body) as { error: { details?: { path: string[] }[] } }).error.details?.map((issue) =>
    issue.path.join('.'),
  ) ?? [];

describe('billing details under the verified name', () => {
  it('refuses a legal name that is not the verified one, naming body.legalName; a trading name is fine', async () => {
    const { session } = await eve();
    const refused = await setBilling(session, {
      legalName: 'Mara Lindqvist',
      ...MARAS_ADDRESS,
      vatId: 'SE556677889901',
    });
    expectError(refused, 422, 'UNPROCESSABLE');
    expect(issues(refused)).toEqual(['body.legalName']);

    const saved = await setBilling(session, {
      legalName: 'Tester, Eve',
      tradingName: 'Eve T Records',
      addressLine: 'Kanalstraße 5',
      postalCode: '10999',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE 123 456 789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(expectShape(billingDetailsAnswerSchema, saved).billingDetails).toEqual({
      legalName: 'eve Tester',
      tradingName: 'Eve T Records',
      addressLine: 'Kanalstraße 5',
      postalCode: '10999',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE123456789',
    });
  });

  it.each([
    ['DE', 'DE12345678'],
    ['DE', 'SE556677889901'],
    ['FR', 'FR123456789'],
    ['NL', 'NL123456789'],
    ['SE', 'SE5566778899'],
  ])('refuses a VAT id not of the format of %s (%s), naming body.vatId', async (country, vatId) => {
    const { session } = await eve();
    const response = await setBilling(session, {
      addressLine: 'Street 1',
      postalCode: '1',
      city: 'X',
      country,
      vatId,
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(issues(response)).toEqual(['body.vatId']);
  });

  it.each([
    ['FR', 'FR AB 123456789', 'FRAB123456789'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['SE', 'SE556677889901', 'SE556677889901'],
    ['GR', 'EL123456789', 'EL123456789'],
  ])('takes a VAT id of the format of %s (%s)', async (country, vatId, stored) => {
    const { session } = await eve();
    const response = await setBilling(session, {
      addressLine: 'Street 1',
      postalCode: '1',
      city: 'X',
      country,
      vatId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(billingDetailsAnswerSchema, response).billingDetails?.vatId).toBe(stored);
  });
});

describe('bank account holders', () => {
  it('refuses an IBAN of another country than the one chosen, naming body.iban', async () => {
    const { session } = await eve();
    const response = await addAccount(session, 'eve Tester', 'NL91ABNA0417164300', 'DE');
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(issues(response)).toEqual(['body.iban']);
  });

  it('takes a holder written differently but the verified name as MATCHED', async () => {
    const { session } = await eve();
    const method = expectShape(paymentMethodSchema, await addAccount(session, 'TESTER, Eve'));
    expect(method).toMatchObject({ kind: 'BANK_ACCOUNT', holderReview: 'MATCHED' });
  });

  it('adds no bank account to an account without an approved verification', async () => {
    const user = await createUser(t.db);
    // verified_at alone (as set before decision 0062) is no verified name.
    await t.db.query('UPDATE accounts SET verified_at = now() WHERE id = $1', [user.account.id]);
    const session = await login(t.app, user.email);
    expectError(await addAccount(session, 'Anyone'), 403, 'IDENTITY_NOT_VERIFIED');
    expectError(await ask(session, randomUUID()), 403, 'IDENTITY_NOT_VERIFIED');
  });
});

describe('Eve’s invoice in Mara’s name (N5)', () => {
  it('cannot happen: the holder waits for review, payouts are refused until approved, the supplier is Eve', async () => {
    const { user, session } = await eve();
    expect(
      (
        await setBilling(session, {
          tradingName: 'Mara Lindqvist',
          ...MARAS_ADDRESS,
          vatId: 'SE556677889901',
        })
      ).statusCode,
    ).toBe(200);
    const added = await addAccount(session, 'Mara Lindqvist');
    expect(added.statusCode, added.body).toBe(201);
    const method = expectShape(paymentMethodSchema, added);
    expect(method).toMatchObject({ holderReview: 'PENDING_REVIEW' });

    const refused = expectError(await ask(session, method.id), 409, 'PAYMENT_METHOD_UNDER_REVIEW');
    expect(refused.details?.[0]?.path).toEqual(['body', 'paymentMethodId']);
    const eligibility = expectShape(
      payoutEligibilitySchema,
      await t.app.inject(injectOf(endpoints.payouts.eligibility, {}, { session })),
    );
    expect(eligibility.blockers).toEqual(['PAYMENT_METHOD_UNDER_REVIEW']);

    // Only an administrator sees the queue and decides.
    expectError(
      await t.app.inject(injectOf(endpoints.billing.holderQueue, { query: {} }, { session })),
      403,
      'ADMIN_REQUIRED',
    );
    const queue = expectShape(
      adminHolderReviewPageSchema,
      await t.app.inject(
        injectOf(endpoints.billing.holderQueue, { query: { size: 100 } }, { session: admin }),
      ),
    );
    expect(queue.items.find((item) => item.id === method.id)).toMatchObject({
      account: { id: user.account.id, email: user.email },
      holderName: 'Mara Lindqvist',
      verifiedName: 'eve Tester',
      maskedIban: 'DE•• •••• 3000',
      holderReview: 'PENDING_REVIEW',
      reviewedAt: null,
    });
    const approved = await t.app.inject(
      injectOf(endpoints.billing.approveHolder, { params: { id: method.id } }, { session: admin }),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(expectShape(adminHolderReviewItemSchema, approved).holderReview).toBe('APPROVED');
    expectError(
      await t.app.inject(
        injectOf(endpoints.billing.rejectHolder, { params: { id: method.id } }, { session: admin }),
      ),
      409,
      'CONFLICT',
    );

    const paid = await ask(session, method.id);
    expect(paid.statusCode, paid.body).toBe(201);
    const { invoiceId } = expectShape(payoutSchema, paid);
    const invoice = expectShape(
      invoiceSchema,
      await t.app.inject(injectOf(endpoints.invoices.get, { params: { id: invoiceId } }, { session })),
    );
    expect(invoice.supplier).toEqual({
      legalName: 'eve Tester',
      tradingName: 'Mara Lindqvist',
      ...MARAS_ADDRESS,
      vatId: 'SE556677889901',
    });
    expect(invoice.customer).toEqual(OPERATOR);
    expect(invoice.vatNote).toContain('as declared');

    const pdf = await t.app.inject(
      injectOf(endpoints.invoices.pdf, { params: { id: invoiceId } }, { session }),
    );
    expect(pdf.statusCode).toBe(200);
    const text = textOfPdf(pdf.rawPayload);
    for (const expected of [
      'eve Tester',
      'trading as Mara Lindqvist',
      'VAT id SE556677889901 (as declared)',
      'Harbour Music B.V.',
      '1015 AA Amsterdam',
      'VAT id NL888888888B01',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/SUPPLIER\s+Mara Lindqvist/);
  });

  it('keeps payouts to a rejected bank account refused', async () => {
    const { session } = await eve();
    await setBilling(session, {
      addressLine: 'Kanalstraße 5',
      postalCode: '10999',
      city: 'Berlin',
      country: 'DE',
    });
    const method = expectShape(paymentMethodSchema, await addAccount(session, 'Someone Else'));
    const rejected = await t.app.inject(
      injectOf(endpoints.billing.rejectHolder, { params: { id: method.id } }, { session: admin }),
    );
    expect(expectShape(adminHolderReviewItemSchema, rejected).holderReview).toBe('REJECTED');
    expectError(await ask(session, method.id), 409, 'PAYMENT_METHOD_REJECTED');
    expectError(
      await t.app.inject(
        injectOf(endpoints.billing.approveHolder, { params: { id: randomUUID() } }, { session: admin }),
      ),
      404,
      'NOT_FOUND',
    );
  });
});
