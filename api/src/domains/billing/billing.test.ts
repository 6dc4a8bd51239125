import {
  billingDetailsAnswerSchema,
  endpoints,
  paymentMethodListSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, TEST_BILLING_DETAILS } from '../../testing/billing-fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';

// Payment methods and billing details through the API (the payouts that use them: payouts/payouts.test.ts; the
// owner asked again and the new payee's hold: payouts/money-actions.test.ts).
const BILLING = TEST_BILLING_DETAILS;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ payouts: { ...testConfig().payouts, methodHoldHours: 0 } });
});
afterAll(() => t.close());

/** A signed-in, identity-verified account (a bank account's holder is compared with the verified name). */
async function verifiedOwner(): Promise<Session> {
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
  return login(t.app, user.email);
}

describe('payment methods', () => {
  it('keeps a bank account masked but for its last four characters, the full IBAN with the provider only', async () => {
    const session = await verifiedOwner();
    const id = await addBankAccount(t.app, session);
    const list = expectShape(
      paymentMethodListSchema,
      await t.app.inject(injectOf(endpoints.billing.methods, {}, { session })),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        id,
        kind: 'BANK_ACCOUNT',
        maskedIban: 'NL•• •••• 4300',
        last4: '4300',
        bic: null,
        country: 'NL',
      }),
    ]);
    const { rows } = await t.db.query(
      'SELECT row_to_json(m)::text AS row FROM payment_methods m WHERE id = $1',
      [id],
    );
    expect(rows[0].row).not.toContain('ABNA0417');
  });

  it('refuses an IBAN whose check digits do not match, naming the field', async () => {
    const session = await verifiedOwner();
    const response = await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        { body: { kind: 'BANK_ACCOUNT', holderName: 'Mara', iban: 'NL92 ABNA 0417 1643 00', country: 'NL' } },
        { session },
      ),
    );
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((issue) => issue.path.join('.'))).toContain('body.iban');
  });
});

describe('billing details', () => {
  it('answers null until set, then what was set with the VAT id normalised', async () => {
    const session = await verifiedOwner();
    const read = () => t.app.inject(injectOf(endpoints.billing.billingDetails, {}, { session }));
    expect(expectShape(billingDetailsAnswerSchema, await read())).toEqual({
      billingDetails: null,
      verifiedName: 'Mara Lindqvist',
    });
    await t.app.inject(injectOf(endpoints.billing.setBillingDetails, { body: BILLING }, { session }));
    expect(expectShape(billingDetailsAnswerSchema, await read()).billingDetails).toEqual({
      ...BILLING,
      tradingName: null,
      vatId: 'NL001234567B01',
    });
  });
});
