import { endpoints, paymentMethodSchema, type Session } from '@tunehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectOf } from './endpoint-inject.js';
import { expectShape, PASSWORD } from './fixtures.js';

/** The payee of the billing and payout tests: Mara Lindqvist of Amsterdam, with a valid Dutch IBAN. */
export const TEST_IBAN = 'NL91 ABNA 0417 1643 00';
export const TEST_BILLING_DETAILS = {
  legalName: 'Mara Lindqvist',
  addressLine: 'Keizersgracht 1',
  postalCode: '1015 AA',
  city: 'Amsterdam',
  country: 'NL',
  vatId: 'nl 0012.34567.b01',
} as const;

/**
 * Adds TEST_IBAN in Mara Lindqvist's name as the session's bank account (the holder must match the account's
 * verified name: verifyIdentity first) and answers its id.
 */
export async function addBankAccount(app: FastifyInstance, session: Session): Promise<string> {
  const response = await app.inject(
    injectOf(
      endpoints.billing.addMethod,
      {
        body: {
          kind: 'BANK_ACCOUNT',
          holderName: 'Mara Lindqvist',
          iban: TEST_IBAN,
          country: 'NL',
          password: PASSWORD,
        },
      },
      { session },
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(paymentMethodSchema, response).id;
}
