import { randomUUID } from 'node:crypto';
import {
  albumSplitSchema,
  allEndpoints,
  CREDIT_ROLES,
  type Endpoint,
  endpoints,
  isNoBody,
  cardSetupStartedSchema,
  paymentMethodSchema,
  payoutSchema,
  type Session,
  sessionSchema,
  splitPutResultSchema,
} from '@tunehouse/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from './domains/ledger/index.js';
import { injectOf } from './testing/endpoint-inject.js';
import { bearer, createUser, expectShape, login, PASSWORD } from './testing/fixtures.js';
import { releaseClient } from './testing/release-fixtures.js';
import { createTestApp, testConfig, type TestApp } from './testing/test-app.js';
import { verifyIdentity } from './testing/verified-identity.js';

/**
 * An account never sees or touches another's data, checked for every endpoint that names something by id: the
 * owner's real ids are put into the path, and another account — and an admin impersonating that account — must
 * get 404 for each (the resource does not exist for them), while the owner reads it. Every such endpoint must be
 * in the table below, or named with the reason it is not owned, so a new endpoint cannot slip past.
 */
type Ids = Record<
  | 'album'
  | 'track'
  | 'artist'
  | 'contributor'
  | 'session'
  | 'split'
  | 'participant'
  | 'method'
  | 'payout'
  | 'invoice'
  | 'payment'
  | 'setup'
  | 'fee'
  | 'apiKey'
  | 'webhook'
  | 'delivery',
  string
>;

/** Which of the owner's ids each path parameter takes, by the path it appears in (first match wins). */
const OWNED: [RegExp, (ids: Ids) => Record<string, string>][] = [
  [/^\/v1\/albums\/:albumId\/tracks\/:id/, (ids) => ({ albumId: ids.album, id: ids.track })],
  [/^\/v1\/albums\/:albumId/, (ids) => ({ albumId: ids.album })],
  [/^\/v1\/albums\/:id/, (ids) => ({ id: ids.album })],
  [/^\/v1\/tracks\/:id/, (ids) => ({ id: ids.track })],
  [/^\/v1\/artists\/:id/, (ids) => ({ id: ids.artist })],
  [/^\/v2\/artists\/:artistId/, (ids) => ({ artistId: ids.artist })],
  [/^\/v1\/contributors\/:id/, (ids) => ({ id: ids.contributor })],
  [/^\/v1\/sessions\/:id/, (ids) => ({ id: ids.session })],
  [
    /^\/v1\/splits\/:id\/participants\/:participantId/,
    (ids) => ({ id: ids.split, participantId: ids.participant }),
  ],
  [/^\/v1\/splits\/:id/, (ids) => ({ id: ids.split })],
  [/^\/v1\/payment-methods\/:id/, (ids) => ({ id: ids.method })],
  [/^\/v1\/payouts\/:id/, (ids) => ({ id: ids.payout })],
  [/^\/v1\/simulator\/payouts\/:id/, (ids) => ({ id: ids.payout })],
  [/^\/v1\/wallet\/invoices\/:id/, (ids) => ({ id: ids.invoice })],
  [/^\/v1\/payments\/:id/, (ids) => ({ id: ids.payment })],
  [/^\/v1\/payment-method-setups\/:id/, (ids) => ({ id: ids.setup })],
  [/^\/v1\/reporting\/distribution-fees\/:id/, (ids) => ({ id: ids.fee })],
  [/^\/v1\/api-keys\/:id/, (ids) => ({ id: ids.apiKey })],
  [/^\/v1\/webhooks\/:id/, (ids) => ({ id: ids.webhook, deliveryId: ids.delivery })],
];

/** Id-bearing endpoints whose id is not something an account owns, and why. */
const NOT_OWNED: Record<string, string> = {
  'media.image': 'the random file URL is the capability an <img> needs (no session)',
  'media.audio': 'the preview URL is a capability; an original needs its signed, expiring link',
  'releases.simulator.storePage': 'a simulated store’s public page of a live release',
  'splits.invite': 'the invite code is the capability, for whoever was sent it',
  'splits.accept': 'the invite code is the capability, for whoever was sent it',
  'splits.decline': 'the invite code is the capability, for whoever was sent it',
  'wallet.statement': 'a period is the platform’s month; the statement answered is always the caller’s own',
  'wallet.statementExport':
    'a period is the platform’s month; the export answered is always the caller’s own',
};

let t: TestApp;
let ids: Ids;
let owner: Session;
const intruders: Record<'another account' | 'an admin impersonating it', Session> = {} as never;

async function ownersResources(): Promise<Ids> {
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'Owner Person');
  owner = await login(t.app, user.email);
  const spare = await login(t.app, user.email);
  const c = releaseClient(t.app);
  const artist = await c.artist(owner, 'Owned Artist');
  const album = await c.album(owner, { title: 'Owned', tracks: [{ index: 1, title: 'Owned Track' }] });
  const contributor = await t.app.inject(
    injectOf(
      endpoints.contributors.create,
      { body: { name: 'Owned Producer', role: CREDIT_ROLES[0] } },
      { session: owner },
    ),
  );
  expect(contributor.statusCode, contributor.body).toBe(201);

  const albumSplit = expectShape(
    albumSplitSchema,
    await t.app.inject(
      injectOf(endpoints.splits.ofAlbum, { params: { id: String(album.id) } }, { session: owner }),
    ),
  );
  const put = await t.app.inject(
    injectOf(
      endpoints.splits.put,
      {
        params: { id: String(album.id) },
        body: {
          effectiveFrom: albumSplit.nextEffectiveFrom,
          participants: [
            { email: `guest-${randomUUID()}@example.test`, role: 'Producer', basisPoints: 3000 },
          ],
        },
      },
      { session: owner },
    ),
  );
  expect(put.statusCode, put.body).toBe(200);
  const { split } = expectShape(splitPutResultSchema, put);

  const billing = await t.app.inject(
    injectOf(
      endpoints.billing.setBillingDetails,
      {
        body: {
          legalName: 'Owner Person',
          addressLine: 'Keizersgracht 1',
          postalCode: '1015 AA',
          city: 'Amsterdam',
          country: 'NL',
          vatId: null,
        },
      },
      { session: owner },
    ),
  );
  expect(billing.statusCode, billing.body).toBe(200);
  const method = expectShape(
    paymentMethodSchema,
    await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        {
          body: {
            kind: 'BANK_ACCOUNT',
            holderName: 'Owner Person',
            iban: 'NL91 ABNA 0417 1643 00',
            country: 'NL',
            password: PASSWORD,
          },
        },
        { session: owner },
      ),
    ),
  );
  await transfer(t.db, {
    idempotencyKey: `cross-account-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: 5_000,
    kind: 'CLOSE_CREDIT',
  });
  const key = randomUUID();
  const payout = await t.app.inject(
    injectOf(
      endpoints.payouts.request,
      { body: { amount: 2_000, paymentMethodId: method.id }, headers: { 'idempotency-key': key } },
      { session: owner, headers: { 'idempotency-key': key } },
    ),
  );
  expect(payout.statusCode, payout.body).toBe(201);
  const paid = expectShape(payoutSchema, payout);
  // A card payment as POST /v1/payments leaves it before the checkout opened (that needs a published release).
  const payment = randomUUID();
  await t.db.query(
    `INSERT INTO payments (id, account_id, purpose, album_id, amount, currency, idempotency_key, fingerprint, provider)
     VALUES ($1, $2, 'TAKEDOWN', $3, 600, 'EUR', $4, '[]', 'simulator')`,
    [payment, user.account.id, String(album.id), randomUUID()],
  );
  // A distribution fee as publishing on the Standard plan makes it (publishing needs audio and artwork).
  const { rows: fees } = await t.db.query<{ id: string }>(
    `WITH licence AS (
       INSERT INTO licences (album_id, account_id, plan, share_bp, fee_terms, terms_accepted_at, starts_at)
       VALUES ($1, $2, 'STANDARD', 10000, '{"numberOfStreams": 7000, "pricePerStream": 3000}', now(), current_date)
       RETURNING id
     )
     INSERT INTO distribution_fees (licence_id, sequence_number, issued_at, expires_at, number_of_streams,
                                    price_per_stream_micro, collection_started_at)
     SELECT id, 1, current_date, current_date + 365, 7000, 3000, current_date FROM licence
     RETURNING id`,
    [String(album.id), user.account.id],
  );
  // A card set-up as POST /v1/payment-methods starts it (its card is saved at the provider's page).
  const setup = await t.app.inject(
    injectOf(endpoints.billing.addMethod, { body: { kind: 'CARD' } }, { session: owner }),
  );
  expect(setup.statusCode, setup.body).toBe(201);
  const apiKey = await t.app.inject(
    injectOf(
      endpoints.apiKeys.create,
      { body: { name: 'Owned key', scopes: ['releases:read'] } },
      { session: owner },
    ),
  );
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  // A webhook endpoint and one delivery as registering and an event make them (registering resolves the host).
  const { rows: hooks } = await t.db.query<{ endpoint: string; delivery: string }>(
    `WITH endpoint AS (
       INSERT INTO webhook_endpoints (account_id, url, event_types, secret)
       VALUES ($1, 'https://hooks.example.com/owned', '{release.live}', 'whsec_owned') RETURNING id
     ), event AS (
       INSERT INTO webhook_events (account_id, type, data) VALUES ($1, 'release.live', '{}') RETURNING id
     )
     INSERT INTO webhook_deliveries (endpoint_id, event_id, status, attempts)
     SELECT endpoint.id, event.id, 'FAILED', 1 FROM endpoint, event
     RETURNING endpoint_id AS endpoint, id AS delivery`,
    [user.account.id],
  );

  return {
    album: String(album.id),
    track: String(album.tracks[0]!.id),
    artist: String(artist.id),
    contributor: String((contributor.json() as { id: string | number }).id),
    session: String(spare.id),
    split: split.id,
    participant: split.participants.find((participant) => !participant.isOwner)!.id,
    method: method.id,
    payout: paid.id,
    invoice: paid.invoiceId!,
    payment,
    setup: expectShape(cardSetupStartedSchema, setup).setup.id,
    fee: fees[0]!.id,
    apiKey: (apiKey.json() as { key: { id: string } }).key.id,
    webhook: hooks[0]!.endpoint,
    delivery: hooks[0]!.delivery,
  };
}

beforeAll(async () => {
  // No hold for a new payee: the owner pays out to the bank account just added (the hold: money-actions.test.ts).
  t = await createTestApp({ payouts: { ...testConfig().payouts, methodHoldHours: 0 } });
  ids = await ownersResources();
  const [other, admin] = await Promise.all([createUser(t.db), createUser(t.db, { isAdmin: true })]);
  intruders['another account'] = await login(t.app, other.email);
  const impersonation = await t.app.inject(
    injectOf(
      endpoints.admin.impersonate,
      { body: { userId: other.id } },
      { session: await login(t.app, admin.email) },
    ),
  );
  intruders['an admin impersonating it'] = expectShape(sessionSchema, impersonation);
}, 120_000);
afterAll(() => t.close());

function call(endpoint: Endpoint, params: Record<string, string>, session: Session) {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const hasBody = 'body' in endpoint && endpoint.body !== undefined && !isNoBody(endpoint.body);
  return t.app.inject({
    method: endpoint.method as 'GET',
    url: path,
    headers: { ...bearer(session), 'idempotency-key': randomUUID() },
    ...(hasBody ? { payload: {} } : {}),
  });
}

const snapshotOf = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body}`;

describe('cross-account access', () => {
  const idBearing = allEndpoints().filter(
    ([, endpoint]) =>
      endpoint.path.includes(':') &&
      endpoint.metadata.access !== 'admin' &&
      endpoint.metadata.access !== 'public',
  );

  it('knows every id-bearing endpoint: owned (with the ids it takes) or named as not owned', () => {
    const unknown = idBearing
      .filter(
        ([name, endpoint]) => !NOT_OWNED[name] && !OWNED.some(([pattern]) => pattern.test(endpoint.path)),
      )
      .map(([name, endpoint]) => `${name} ${endpoint.method} ${endpoint.path}`);
    expect(unknown).toEqual([]);
  });

  it('answers 404 to another account and to an admin impersonating it, for every owned resource', async () => {
    const wrong: string[] = [];
    let cells = 0;
    const reads = new Map<string, string>();
    for (const [name, endpoint] of idBearing) {
      if (NOT_OWNED[name]) continue;
      const params = OWNED.find(([pattern]) => pattern.test(endpoint.path))![1](ids);
      const hasBody = 'body' in endpoint && endpoint.body !== undefined && !isNoBody(endpoint.body);
      if (endpoint.method === 'GET') {
        const own = await call(endpoint, params, owner);
        // 204 is a read with nothing to show (a release without a distribution fee).
        if (own.statusCode !== 200 && own.statusCode !== 204)
          wrong.push(`${name} as its owner: ${own.statusCode}, expected 200`);
        reads.set(name, snapshotOf(own));
      }
      for (const [who, session] of Object.entries(intruders)) {
        const response = await call(endpoint, params, session);
        cells += 1;
        // A body of the wrong shape may be refused (400) before the lookup; it must never reach the resource.
        const allowed = hasBody ? [400, 404] : [404];
        // An impersonating admin may not change how the user signs in, nor move or route money: refused before
        // any lookup.
        const refusedToImpersonation =
          who === 'an admin impersonating it' &&
          response.statusCode === 403 &&
          /IMPERSONATION_(FORBIDDEN|READ_ONLY)/.test(response.body);
        if (!allowed.includes(response.statusCode) && !refusedToImpersonation)
          wrong.push(
            `${name} (${endpoint.method} ${endpoint.path}) as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    // Nothing the intruders sent changed what the owner reads.
    for (const [name, before] of reads) {
      const endpoint = idBearing.find(([candidate]) => candidate === name)![1];
      const params = OWNED.find(([pattern]) => pattern.test(endpoint.path))![1](ids);
      const after = snapshotOf(await call(endpoint, params, owner));
      // A PDF carries the time it was made, so two reads differ anyway.
      if (after !== before && endpoint.metadata.fileType !== 'application/pdf')
        wrong.push(`${name}: changed after the intruders' calls`);
    }
    console.info(
      `cross-account: ${cells} calls on ${idBearing.length} id-bearing endpoints, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});
