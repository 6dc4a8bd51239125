import { endpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from './testing/endpoint-inject.js';
import { createUser, expectError, login } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/test-app.js';
import { verifyIdentity } from './testing/verified-identity.js';
import type { Session } from '@tunehouse/contracts';

// N10 of the 2026-11-27 review (docs/decisions/0062-verified-supplier-and-names.md): names and billing fields took RTL overrides, bidi isolates,
// CRLF and a legal name of zero-width spaces only. Each is now a field error naming the field's path.

const RLO = 'Mara \u202Etsiuqdnil';
const ISOLATE = 'Mara \u2066Lindqvist\u2069';
const CRLF = 'Mara\r\nLindqvist';
const INVISIBLE = '\u200B\u200B\u200B';

let t: TestApp;
let session: Session;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
  session = await login(t.app, user.email);
});
afterAll(() => t.close());

const pathsOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { error: { details?: { path: string[] }[] } }).error.details?.map((issue) =>
    issue.path.join('.'),
  );

const cases: [string, (value: string) => ReturnType<typeof injectOf>, string][] = [
  [
    'first name',
    (value) => injectOf(endpoints.users.update, { body: { firstName: value } }, { session }),
    'body.firstName',
  ],
  [
    'last name',
    (value) => injectOf(endpoints.users.update, { body: { lastName: value } }, { session }),
    'body.lastName',
  ],
  ['city', (value) => injectOf(endpoints.users.update, { body: { city: value } }, { session }), 'body.city'],
  [
    'billing trading name',
    (value) =>
      injectOf(
        endpoints.billing.setBillingDetails,
        {
          body: {
            tradingName: value,
            addressLine: 'Street 1',
            postalCode: '1',
            city: 'Malmö',
            country: 'SE',
          },
        },
        { session },
      ),
    'body.tradingName',
  ],
  [
    'billing address line',
    (value) =>
      injectOf(
        endpoints.billing.setBillingDetails,
        { body: { addressLine: value, postalCode: '1', city: 'Malmö', country: 'SE' } },
        { session },
      ),
    'body.addressLine',
  ],
  [
    'billing city',
    (value) =>
      injectOf(
        endpoints.billing.setBillingDetails,
        { body: { addressLine: 'Street 1', postalCode: '1', city: value, country: 'SE' } },
        { session },
      ),
    'body.city',
  ],
  [
    'bank account holder',
    (value) =>
      injectOf(
        endpoints.billing.addMethod,
        {
          body: { kind: 'BANK_ACCOUNT', holderName: value, iban: 'SE4550000000058398257466', country: 'SE' },
        },
        { session },
      ),
    'body.holderName',
  ],
  [
    'artist name',
    (value) => injectOf(endpoints.artists.create, { body: { name: value } }, { session }),
    'body.name',
  ],
  [
    'contributor name',
    (value) => injectOf(endpoints.contributors.create, { body: { name: value, role: 'MUSIC' } }, { session }),
    'body.name',
  ],
];

describe('names and billing fields refuse bidi controls, line breaks and invisible-only text', () => {
  for (const [field, request, path] of cases) {
    it.each([
      ['an RTL override', RLO],
      ['bidi isolates', ISOLATE],
      ['CRLF', CRLF],
      ['zero-width spaces only', INVISIBLE],
    ])(`${field}: %s is a field error on ${path}`, async (_, value) => {
      const response = await t.app.inject(request(value));
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(pathsOf(response)).toEqual([path]);
    });
  }

  it('takes Arabic and Hebrew letters in a name', async () => {
    for (const name of ['فيروز', 'אופרה']) {
      const response = await t.app.inject(
        injectOf(endpoints.artists.create, { body: { name } }, { session }),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});
