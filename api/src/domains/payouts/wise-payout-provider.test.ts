import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { endpoints, paymentMethodSchema, payoutSchema, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login, PASSWORD } from '../../testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../ledger/index.js';
import {
  createPayoutsFromConfig,
  createWisePayoutProvider,
  PayoutRejectedError,
  type PayoutService,
} from './index.js';
import { wiseAmount } from './wise-payout-provider.js';
import { verifyIdentity } from '../../testing/verified-identity.js';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

const TOKEN = 'wise-test-token';
const PROFILE = 1234;

type Call = { method: string; path: string; body: Record<string, unknown> | null };

/**
 * Wise's payout endpoints on a local server, answering the responses in fixtures/ (shaped as Wise documents
 * them). Like Wise it keeps one transfer per customerTransactionId — creating it again answers the same transfer —
 * and funds a transfer once. `state` says how it misbehaves and what the transfers' statuses are.
 */
function startWise() {
  const state = {
    calls: [] as Call[],
    /** Transfer creations left to leave unanswered (the caller times out; Wise still creates the transfer). */
    hangTransfers: 0,
    fundRejected: false,
    recipientInvalid: false,
    statusDown: false,
    /** Transfers by customerTransactionId, with their id, status and whether they were funded. */
    transfers: new Map<string, { id: number; status: string; funded: number }>(),
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://wise.test');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      state.calls.push({ method: request.method ?? '', path: url.pathname, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return send(401, { error: 'invalid_token', error_description: 'Invalid token' });

      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        if (state.recipientInvalid) return send(422, fixture('wise-recipient-invalid-iban'));
        return send(200, fixture('wise-recipient'));
      }
      if (request.method === 'POST' && url.pathname === `/v3/profiles/${PROFILE}/quotes`)
        return send(200, { ...fixture('wise-quote'), targetAmount: body?.targetAmount });
      if (request.method === 'POST' && url.pathname === '/v1/transfers') {
        const key = String(body?.customerTransactionId);
        let found = state.transfers.get(key);
        if (!found) {
          found = { id: 16521632 + state.transfers.size, status: 'incoming_payment_waiting', funded: 0 };
          state.transfers.set(key, found);
        }
        const answer = {
          ...fixture('wise-transfer-created'),
          id: found.id,
          status: found.status,
          customerTransactionId: key,
        };
        if (state.hangTransfers > 0) {
          state.hangTransfers -= 1;
          return; // Never answered: the client's timeout ends the call.
        }
        return send(200, answer);
      }
      const funding = url.pathname.match(new RegExp(`^/v3/profiles/${PROFILE}/transfers/(\\d+)/payments$`));
      if (request.method === 'POST' && funding) {
        if (state.fundRejected) return send(200, fixture('wise-fund-rejected'));
        const found = [...state.transfers.values()].find((item) => item.id === Number(funding[1]));
        if (!found) return send(404, { errors: [{ code: 'NOT_FOUND', message: 'Transfer not found' }] });
        found.funded += 1;
        found.status = 'processing';
        return send(201, fixture('wise-fund-completed'));
      }
      const read = url.pathname.match(/^\/v1\/transfers\/(\d+)$/);
      if (request.method === 'GET' && read) {
        if (state.statusDown) return send(503, { message: 'Service unavailable' });
        const found = [...state.transfers.values()].find((item) => item.id === Number(read[1]));
        if (!found) return send(404, { errors: [{ code: 'NOT_FOUND', message: 'Transfer not found' }] });
        return send(200, { ...fixture('wise-transfer-created'), id: found.id, status: found.status });
      }
      send(404, { errors: [{ code: 'NOT_FOUND', message: 'No such endpoint' }] });
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let wise: Awaited<ReturnType<typeof startWise>>;
let t: TestApp;
let payouts: PayoutService;

beforeAll(async () => {
  wise = await startWise();
  t = await createTestApp({
    payouts: {
      ...testConfig().payouts,
      sendTimeoutSeconds: 1,
      // New payees' hold off: these tests pay out to the account they just added (the hold: money-actions.test.ts).
      methodHoldHours: 0,
      wise: { apiUrl: wise.url, token: TOKEN, profileId: PROFILE },
    },
  });
  payouts = createPayoutsFromConfig(t.config, { db: t.db, jobs: t.jobs });
});
afterAll(async () => {
  await t.close();
  await wise.close();
});
beforeEach(() => {
  wise.state.calls.length = 0;
  Object.assign(wise.state, {
    hangTransfers: 0,
    fundRejected: false,
    recipientInvalid: false,
    statusDown: false,
  });
});

async function payee(): Promise<{ session: Session; accountId: string; methodId: string }> {
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
  const session = await login(t.app, user.email);
  await t.app.inject(
    injectOf(
      endpoints.billing.setBillingDetails,
      {
        body: {
          legalName: 'Mara Lindqvist',
          addressLine: 'Keizersgracht 1',
          postalCode: '1015 AA',
          city: 'Amsterdam',
          country: 'NL',
        },
      },
      { session },
    ),
  );
  const method = await t.app.inject(
    injectOf(
      endpoints.billing.addMethod,
      {
        body: {
          kind: 'BANK_ACCOUNT',
          holderName: 'Mara Lindqvist',
          iban: 'NL91ABNA0417164300',
          country: 'NL',
          password: PASSWORD,
        },
      },
      { session },
    ),
  );
  await transfer(t.db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: 10_000,
    kind: 'CLOSE_CREDIT',
  });
  return { session, accountId: user.account.id, methodId: expectShape(paymentMethodSchema, method).id };
}

const ask = (session: Session, amount: number, paymentMethodId: string, key = randomUUID()) =>
  t.app.inject(
    injectOf(
      endpoints.payouts.request,
      { body: { amount, paymentMethodId }, headers: { 'idempotency-key': key } },
      { session, headers: { 'idempotency-key': key } },
    ),
  );

const transferOf = (payoutId: string) => wise.state.transfers.get(payoutId)!;

describe('Wise payout provider (recorded responses)', () => {
  it('registers a bank account as a Wise IBAN recipient and keeps only its reference', async () => {
    const p = await payee();
    const created = wise.state.calls.find((call) => call.path === '/v1/accounts');
    expect(created?.body).toEqual({
      currency: 'EUR',
      type: 'iban',
      profile: PROFILE,
      accountHolderName: 'Mara Lindqvist',
      details: { legalType: 'PRIVATE', IBAN: 'NL91ABNA0417164300' },
    });
    const { rows } = await t.db.query(
      'SELECT provider, provider_recipient FROM payment_methods WHERE id = $1',
      [p.methodId],
    );
    expect(rows[0]).toEqual({ provider: 'wise', provider_recipient: '148149706' });
  });

  it('answers 422 with Wise’s reason when Wise refuses the account', async () => {
    const user = await createUser(t.db);
    await verifyIdentity(t.db, user.account.id, 'Mara Lindqvist');
    const session = await login(t.app, user.email);
    wise.state.recipientInvalid = true;
    const response = await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        {
          body: {
            kind: 'BANK_ACCOUNT',
            holderName: 'Mara',
            iban: 'NL91ABNA0417164300',
            country: 'NL',
            password: PASSWORD,
          },
        },
        { session },
      ),
    );
    expect(expectError(response, 422, 'UNPROCESSABLE').message).toContain('Please specify a valid IBAN.');
  });

  it('pays out by quote, transfer (keyed by the payout id) and funding, then reads its status', async () => {
    const p = await payee();
    wise.state.calls.length = 0;
    const payout = expectShape(payoutSchema, await ask(p.session, 1_234, p.methodId));
    expect(payout.status).toBe('SENT');
    expect(wise.state.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /v3/profiles/${PROFILE}/quotes`,
      'POST /v1/transfers',
      `POST /v3/profiles/${PROFILE}/transfers/${transferOf(payout.id).id}/payments`,
    ]);
    expect(wise.state.calls[0]!.body).toMatchObject({
      sourceCurrency: 'EUR',
      targetCurrency: 'EUR',
      targetAmount: 12.34,
      targetAccount: 148149706,
    });
    expect(wise.state.calls[1]!.body).toMatchObject({
      targetAccount: 148149706,
      quoteUuid: '11144c35-9fe8-4c32-b7fd-d05c2a7734bf',
      customerTransactionId: payout.id,
    });
    expect(wise.state.calls[2]!.body).toEqual({ type: 'BALANCE' });

    // Still processing at Wise: nothing changes.
    await payouts.lifecycle.check({ payoutId: payout.id });
    const read = async () =>
      expectShape(
        payoutSchema,
        await t.app.inject(
          injectOf(endpoints.payouts.get, { params: { id: payout.id } }, { session: p.session }),
        ),
      ).status;
    expect(await read()).toBe('SENT');
    transferOf(payout.id).status = 'outgoing_payment_sent';
    await payouts.lifecycle.check({ payoutId: payout.id });
    expect(await read()).toBe('SETTLED');
    // A bank sending it back later shows as bounced_back: the money returns to the wallet.
    transferOf(payout.id).status = 'bounced_back';
    await payouts.lifecycle.refresh(payout.id);
    expect(await read()).toBe('RETURNED');
    expect(await walletBalance(t.db, p.accountId)).toBe(10_000);
  });

  it('a timed-out transfer creation is sent again with the same id: one transfer, funded once', async () => {
    const p = await payee();
    wise.state.hangTransfers = 1;
    const payout = expectShape(payoutSchema, await ask(p.session, 2_000, p.methodId));
    expect(payout.status).toBe('REQUESTED');
    await t.db.query(
      `UPDATE payouts SET requested_at = now() - interval '1 hour', last_attempt_at = now() - interval '1 hour'
       WHERE id = $1`,
      [payout.id],
    );
    expect(await payouts.lifecycle.recover()).toBe(1);
    const transfers = wise.state.calls.filter((call) => call.path === '/v1/transfers');
    expect(transfers.map((call) => call.body?.customerTransactionId)).toEqual([payout.id, payout.id]);
    expect(transferOf(payout.id).funded).toBe(1);
    expect((await t.db.query('SELECT status FROM payouts WHERE id = $1', [payout.id])).rows[0]).toEqual({
      status: 'SENT',
    });
    // Sent once more (a second recovery beside the first): Wise answers the funded transfer, no new funding.
    const again = await createWisePayoutProvider({ apiUrl: wise.url, token: TOKEN, profileId: PROFILE }).send(
      { payoutId: payout.id, recipient: '148149706', amount: 2_000, currency: 'EUR', reference: 'again' },
      AbortSignal.timeout(1_000),
    );
    expect(again.reference).toBe(String(transferOf(payout.id).id));
    expect(transferOf(payout.id).funded).toBe(1);
  });

  it('a funding Wise rejects fails the payout and gives the money back', async () => {
    const p = await payee();
    wise.state.fundRejected = true;
    const payout = expectShape(payoutSchema, await ask(p.session, 3_000, p.methodId));
    expect(payout).toMatchObject({
      status: 'FAILED',
      failureReason: 'Wise could not fund the transfer: transfer.insufficient_funds',
    });
    expect(await walletBalance(t.db, p.accountId)).toBe(10_000);
  });

  it('a status Wise cannot give now is an error for the job to retry, and changes nothing', async () => {
    const p = await payee();
    const payout = expectShape(payoutSchema, await ask(p.session, 1_000, p.methodId));
    wise.state.statusDown = true;
    await expect(payouts.lifecycle.check({ payoutId: payout.id })).rejects.toThrow(/answered 503/);
    const { rows } = await t.db.query('SELECT status FROM payouts WHERE id = $1', [payout.id]);
    expect(rows[0]).toEqual({ status: 'SENT' });
  });

  it('refuses for good on a 4xx and retries on a wrong token or a 5xx', async () => {
    const provider = createWisePayoutProvider({ apiUrl: wise.url, token: 'wrong', profileId: PROFILE });
    const order = { payoutId: randomUUID(), recipient: '1', amount: 1_000, currency: 'EUR', reference: 'x' };
    const sent = provider.send(order, AbortSignal.timeout(1_000));
    await expect(sent).rejects.toThrow(/answered 401/);
    await expect(sent).rejects.not.toBeInstanceOf(PayoutRejectedError);
    wise.state.recipientInvalid = true;
    const right = createWisePayoutProvider({ apiUrl: wise.url, token: TOKEN, profileId: PROFILE });
    await expect(
      right.addRecipient(
        { holderName: 'X', iban: 'NL91ABNA0417164300', bic: null, country: 'NL', currency: 'EUR' },
        AbortSignal.timeout(1_000),
      ),
    ).rejects.toBeInstanceOf(PayoutRejectedError);
  });

  it('writes cents as Wise’s decimal amounts exactly', () => {
    expect([1, 10, 1_000, 1_234, 100_005].map(wiseAmount)).toEqual([0.01, 0.1, 10, 12.34, 1000.05]);
  });
});
