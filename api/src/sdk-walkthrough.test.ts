// docs/api.md's label walkthrough run against the real API with @tunehouse/sdk (docs/decisions/0089-typed-sdk.md):
// the same calls as libs/sdk/src/docs-walkthrough.ts, whose type check covers the page's snippets. A key with the
// walkthrough's scopes (payouts:write granted with the password), a webhook receiver registered with the SDK, an
// album created with artwork and audio, reviewed and published, its release.live verified with verifyWebhook, the
// statement of a closed month pulled, and a payout requested twice with one Idempotency-Key.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createdApiKeySchema, endpoints } from '@tunehouse/contracts';
import { type AlbumForm, createTunehouse, type Tunehouse, verifyWebhook } from '@tunehouse/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from './platform/db.js';
import { addBankAccount, TEST_BILLING_DETAILS } from './testing/billing-fixtures.js';
import { injectOf } from './testing/endpoint-inject.js';
import { createUser, expectShape, login, PASSWORD } from './testing/fixtures.js';
import { startHttpsReceiver } from './testing/https-receiver.js';
import { artworkImage, daysFromToday, randomBarcode, randomIsrc, wav } from './testing/release-fixtures.js';
import type { TestApp } from './testing/test-app.js';
import { createWebhooksTestApp } from './testing/webhooks-test-app.js';
import { until } from './testing/until.js';
import { verifyIdentity } from './testing/verified-identity.js';
import { createClosingPeriods } from './composition.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from './domains/ledger/index.js';
import { fileRevenueLines } from './domains/periods/index.js';

const SCOPES = [
  'artists:write',
  'releases:read',
  'releases:write',
  'webhooks:write',
  'wallet:read',
  'billing:read',
  'payouts:read',
  'payouts:write',
] as const;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
let tunehouse: Tunehouse;
let account: { id: string };
let secret: string;
let albumId: string;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  t = await createWebhooksTestApp({ ca: receiver.ca });
  // Real HTTP: the SDK is a program on the network, not an inject.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;

  // The label's account: verified, billing details and a bank account on file (the wallet page's part).
  const user = await createUser(t.db);
  account = user.account;
  await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
  const session = await login(t.app, user.email);
  const billing = await t.app.inject(
    injectOf(endpoints.billing.setBillingDetails, { body: TEST_BILLING_DETAILS }, { session }),
  );
  expect(billing.statusCode, billing.body).toBe(200);
  await addBankAccount(t.app, session);

  // Step 1, the keys page: the walkthrough's scopes; payouts:write only with the password again.
  const created = await t.app.inject(
    injectOf(
      endpoints.apiKeys.create,
      { body: { name: 'Catalogue sync', scopes: [...SCOPES], password: PASSWORD } },
      { session },
    ),
  );
  expect(created.statusCode, created.body).toBe(201);
  tunehouse = createTunehouse({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: expectShape(createdApiKeySchema, created).secret,
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('the walkthrough of docs/api.md, with the SDK against the API', () => {
  it('registers the receiver', async () => {
    const hook = await tunehouse.webhooks.create({
      body: { url: `${receiver.url}/tunehouse`, eventTypes: ['release.live', 'statement.ready'] },
    });
    expect(hook.secret).toMatch(/^whsec_/);
    secret = hook.secret;
  });

  it('creates an album with artwork and audio, reviews and publishes it, and hears release.live', async () => {
    const artist = await tunehouse.artists.create({ body: { name: 'Paper Boats' } });
    const metadata: AlbumForm = {
      title: 'Northern Lights',
      primaryGenre: 'POP',
      language: 'EN',
      format: 'SINGLE',
      pLine: '2026 Harbour Records',
      cLine: '2026 Harbour Records',
      recordLabel: 'Harbour Records',
      barcode: randomBarcode(),
      ai: false,
      releaseDate: daysFromToday(30),
      platforms: ['SPOTIFY'],
      territories: 'WORLDWIDE',
      artists: [{ id: artist.id, role: 'PRIMARY' }],
      tracks: [{ index: 1, title: 'Aurora', isrc: randomIsrc() }],
    };
    const form = new FormData();
    form.append('metadata', JSON.stringify(metadata));
    form.append('artwork', new Blob([await artworkImage(3000, 3000)], { type: 'image/png' }), 'cover.png');
    const album = await tunehouse.releases.albums.create({ body: form });
    albumId = String(album.id);

    for (const track of album.tracks) {
      const audio = new FormData();
      audio.append('audio', new Blob([wav({ seconds: 1 })], { type: 'audio/wav' }), 'aurora.wav');
      await tunehouse.releases.tracks.setAudio({ params: { albumId, id: String(track.id) }, body: audio });
    }
    const review = await tunehouse.releases.albums.review({ params: { id: albumId } });
    expect(review.problems).toEqual([]);
    expect(review.ready).toBe(true);
    const published = await tunehouse.releases.albums.publish({
      params: { id: albumId },
      body: { termsAccepted: true },
    });
    expect(published.reviewStatus).toBe('ACCEPTED');

    // Its release day, and the platforms' simulators acknowledging the delivery.
    await t.db.query('UPDATE albums SET release_date = current_date WHERE id = $1', [albumId]);
    await t.delivery!.work();
    const receipt = await until(
      () => receiver.receipts.find((each) => each.headers['tunehouse-event-type'] === 'release.live'),
      40_000,
    );
    const event = await verifyWebhook({
      payload: Buffer.from(receipt.body),
      header: receipt.headers['tunehouse-signature'],
      secret,
    });
    expect(event).toMatchObject({
      type: 'release.live',
      data: { albumId, title: 'Northern Lights', platform: 'SPOTIFY' },
    });

    const titles: string[] = [];
    for await (const each of tunehouse.releases.albums.list.items({ query: { size: 1 } }))
      titles.push(each.title ?? '');
    expect(titles).toContain('Northern Lights');
  }, 60_000);

  it('pulls the statement of a closed month named by statement.ready, and its CSV', async () => {
    const album = await tunehouse.releases.albums.get({ params: { id: albumId } });
    const [periodId] = await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [
        {
          day: '2019-04-15',
          trackId: String(album.tracks[0]!.id),
          albumId,
          accountId: account.id,
          streams: 1_000,
          revenueMicro: 3_500_000,
        },
      ]),
    );
    expect(await createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config }).closeNow(periodId!)).toBe(
      'CLOSED',
    );
    const receipt = await until(
      () => receiver.receipts.find((each) => each.headers['tunehouse-event-type'] === 'statement.ready'),
      40_000,
    );
    const event = await verifyWebhook({
      payload: receipt.body,
      header: receipt.headers['tunehouse-signature'],
      secret,
    });
    if (event.type !== 'statement.ready') throw new Error(`unexpected ${event.type}`);

    const statement = await tunehouse.wallet.statement({
      params: { id: event.data.periodId },
      query: { bucket: 'release' },
    });
    expect(statement.period.month).toBe('2019-04');
    expect(statement.rows.map((row) => row.streams)).toEqual([1_000]);
    expect(statement.totals.credited).toBeGreaterThan(0);
    const csv = await tunehouse.wallet.statementExport({
      params: { id: event.data.periodId },
      query: { bucket: 'track', format: 'csv' },
    });
    expect(await csv.text()).toContain('Aurora');
  }, 60_000);

  it('requests a payout; the same Idempotency-Key answers the same payout', async () => {
    await transfer(t.db, {
      idempotencyKey: `test-credit-${randomUUID()}`,
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: walletKey(account.id),
      amount: 20_000,
      kind: 'CLOSE_CREDIT',
    });
    const eligibility = await tunehouse.payouts.eligibility();
    expect(eligibility.blockers).toEqual([]);
    const { items: methods } = await tunehouse.billing.methods();
    const bank = methods.find((method) => method.kind === 'BANK_ACCOUNT');
    expect(bank).toBeDefined();
    const ask = () =>
      tunehouse.payouts.request({
        body: { amount: eligibility.available, paymentMethodId: bank!.id },
        idempotencyKey: 'payout-2019-04',
      });
    const first = await ask();
    expect(first.amount).toBe(eligibility.available);
    expect((await ask()).id).toBe(first.id);
    const { items } = await tunehouse.payouts.list();
    expect(items.map((payout) => payout.id)).toEqual([first.id]);
  });
});
