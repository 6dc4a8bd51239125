import { randomUUID } from 'node:crypto';
import { endpoints, paymentMethodSchema, payoutSchema, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../platform/auth-guard.js';
import { createMailer } from '../../platform/mail/outbox.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectShape, login, PASSWORD } from '../../testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { balanceOf, PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../ledger/index.js';
import { loadSessionContext } from '../sessions/index.js';
import {
  createPayoutService,
  type PayoutProvider,
  PayoutRejectedError,
  SimulatedPayoutProvider,
} from './index.js';
import { verifyIdentity } from '../../testing/verified-identity.js';

let t: TestApp;

beforeAll(async () => {
  // New payees' hold off: these tests pay out to the account they just added (the hold: money-actions.test.ts).
  t = await createTestApp({
    payouts: { ...testConfig().payouts, simulatorSettleSeconds: 0, methodHoldHours: 0 },
  });
});
afterAll(() => t.close());

type Payee = { accountId: string; session: Session; caller: AuthContext; methodId: string };

/** A verified account with billing details, a bank account and `balance` cents in its wallet. */
async function payee(balance: number): Promise<Payee> {
  const user = await createUser(t.db);
  await verifyIdentity(t.db, user.account.id, 'Test Payee');
  const session = await login(t.app, user.email);
  await t.app.inject(
    injectOf(
      endpoints.billing.setBillingDetails,
      {
        body: {
          legalName: 'Test Payee',
          addressLine: 'Main street 1',
          postalCode: '1000',
          city: 'Brussels',
          country: 'BE',
        },
      },
      { session },
    ),
  );
  const method = expectShape(
    paymentMethodSchema,
    await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        {
          body: {
            kind: 'BANK_ACCOUNT',
            holderName: 'Test Payee',
            iban: 'BE68539007547034',
            country: 'BE',
            password: PASSWORD,
          },
        },
        { session },
      ),
    ),
  );
  await transfer(t.db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: balance,
    kind: 'CLOSE_CREDIT',
  });
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
    [user.id],
  );
  const caller = (await loadSessionContext(t.db, rows[0]!.id))!;
  return { accountId: user.account.id, session, caller, methodId: method.id };
}

/**
 * The built-in simulator behind a network that misbehaves as told: `hang` calls never answer (until the caller's
 * timeout aborts them), `drop` calls fail as a dropped connection does, `twice` calls are delivered twice.
 */
function unreliable(simulator: SimulatedPayoutProvider) {
  const plan: ('hang' | 'drop' | 'twice' | 'ok')[] = [];
  const calls = { send: 0 };
  const provider: PayoutProvider = {
    name: simulator.name,
    addRecipient: (details) => simulator.addRecipient(details),
    status: (reference) => simulator.status(reference),
    async send(order, signal) {
      calls.send += 1;
      const mode = plan.shift() ?? 'ok';
      if (mode === 'hang')
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      if (mode === 'drop') throw new Error('socket hang up');
      if (mode === 'twice') {
        const [first] = await Promise.all([simulator.send(order), simulator.send(order)]);
        return first;
      }
      return simulator.send(order);
    },
  };
  return { provider, plan, calls };
}

function serviceWith(provider: PayoutProvider) {
  return createPayoutService({
    db: t.db,
    jobs: t.jobs,
    provider,
    platformCurrency: t.config.platformCurrency,
    settings: { minimumCents: 1_000, recoveryAfterSeconds: 60, sendTimeoutSeconds: 1 },
    mailer: createMailer(t.jobs),
    siteUrl: t.config.siteUrl,
  });
}

const payoutRow = async (id: string) =>
  (
    await t.db.query<{ status: string; send_attempts: number }>(
      'SELECT status, send_attempts FROM payouts WHERE id = $1',
      [id],
    )
  ).rows[0]!;

/** Makes a payout look as if it had been requested, and last tried, an hour ago. */
const age = (id: string) =>
  t.db.query(
    `UPDATE payouts SET requested_at = now() - interval '1 hour', last_attempt_at = now() - interval '1 hour'
     WHERE id = $1`,
    [id],
  );

const simulatorTransfers = async (payoutId: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payout_simulator_transfers WHERE payout_id = $1',
      [payoutId],
    )
  ).rows[0]!.n;

describe('faults between the ledger and the provider', () => {
  it('a provider that times out leaves the payout REQUESTED; the recovery job sends it once', async () => {
    const p = await payee(10_000);
    const flaky = unreliable(new SimulatedPayoutProvider(t.db, 0));
    const service = serviceWith(flaky.provider);
    flaky.plan.push('hang');
    const payout = await service.request(p.caller, randomUUID(), {
      amount: 2_000,
      paymentMethodId: p.methodId,
    });
    expect(payout.status).toBe('REQUESTED');
    expect(await walletBalance(t.db, p.accountId)).toBe(8_000);

    // Not yet due: the recovery job leaves a payout that was just tried alone.
    expect(await service.lifecycle.recover()).toBe(0);
    await age(payout.id);
    expect(await service.lifecycle.recover()).toBe(1);
    expect(await payoutRow(payout.id)).toEqual({ status: 'SENT', send_attempts: 2 });
    expect(await service.lifecycle.recover()).toBe(0);
    await service.lifecycle.check({ payoutId: payout.id });
    expect((await payoutRow(payout.id)).status).toBe('SETTLED');
    expect(await simulatorTransfers(payout.id)).toBe(1);
  });

  it('the API stopping between the ledger entry and the provider call: recovery sends it, money in one place', async () => {
    const p = await payee(10_000);
    const flaky = unreliable(new SimulatedPayoutProvider(t.db, 0));
    const service = serviceWith(flaky.provider);
    // The provider is never reached, as when the process dies right after the payout's transaction committed.
    flaky.plan.push('drop');
    const settlements = await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements);
    const payout = await service.request(p.caller, randomUUID(), {
      amount: 3_000,
      paymentMethodId: p.methodId,
    });
    expect(payout.status).toBe('REQUESTED');
    expect(await simulatorTransfers(payout.id)).toBe(0);
    // Meanwhile the money is in flight, not in the wallet and not yet settled: counted once.
    expect(await walletBalance(t.db, p.accountId)).toBe(7_000);

    await age(payout.id);
    // Two recovery runs at once (two API processes): the provider's idempotency key keeps it one payment.
    await Promise.all([service.lifecycle.recover(), service.lifecycle.recover()]);
    expect((await payoutRow(payout.id)).status).toBe('SENT');
    expect(await simulatorTransfers(payout.id)).toBe(1);
    await service.lifecycle.check({ payoutId: payout.id });
    expect((await payoutRow(payout.id)).status).toBe('SETTLED');
    expect(await walletBalance(t.db, p.accountId)).toBe(7_000);
    expect(await balanceOf(t.db, PLATFORM_ACCOUNTS.settlements)).toBe(settlements + 3_000);
  });

  it('a provider answering twice books the payout, its settlement and its return once each', async () => {
    const p = await payee(10_000);
    const simulator = new SimulatedPayoutProvider(t.db, 0);
    const flaky = unreliable(simulator);
    const service = serviceWith(flaky.provider);
    flaky.plan.push('twice');
    const payout = await service.request(p.caller, randomUUID(), {
      amount: 4_000,
      paymentMethodId: p.methodId,
    });
    expect(payout.status).toBe('SENT');
    expect(await simulatorTransfers(payout.id)).toBe(1);

    // The status answer arrives twice, concurrently (a retried job beside the first).
    await Promise.all([
      service.lifecycle.check({ payoutId: payout.id }),
      service.lifecycle.check({ payoutId: payout.id }),
    ]);
    await simulator.tell(payout.id, 'RETURN');
    await Promise.all([service.lifecycle.refresh(payout.id), service.lifecycle.refresh(payout.id)]);
    await service.lifecycle.apply(payout.id, { status: 'SETTLED' });
    expect((await payoutRow(payout.id)).status).toBe('RETURNED');
    const { rows } = await t.db.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM ledger_transfers WHERE payout_id = $1 GROUP BY kind ORDER BY kind`,
      [payout.id],
    );
    expect(rows).toEqual([
      { kind: 'PAYOUT', n: 1 },
      { kind: 'PAYOUT_RETURNED', n: 1 },
      { kind: 'PAYOUT_SETTLED', n: 1 },
    ]);
    expect(await walletBalance(t.db, p.accountId)).toBe(10_000);
  });

  it('a provider refusing the payout fails it at once and gives the money back', async () => {
    const p = await payee(10_000);
    const simulator = new SimulatedPayoutProvider(t.db, 0);
    const service = serviceWith({
      ...unreliable(simulator).provider,
      send: async () => {
        throw new PayoutRejectedError('The account is closed');
      },
    });
    const payout = await service.request(p.caller, randomUUID(), {
      amount: 5_000,
      paymentMethodId: p.methodId,
    });
    expect(payout).toMatchObject({ status: 'FAILED', failureReason: 'The account is closed' });
    expect(await walletBalance(t.db, p.accountId)).toBe(10_000);
  });
});

describe('1,000 concurrent payout requests over 10 wallets, each replayed once with its key', () => {
  it(
    'never takes a wallet below zero, never pays twice, and the ledger sums exactly',
    { timeout: 600_000 },
    async () => {
      const START = 100_000;
      const wallets = await Promise.all(Array.from({ length: 10 }, () => payee(START)));
      const inFlightBefore = await balanceOf(t.db, PLATFORM_ACCOUNTS.payoutsInFlight);
      // Amounts from 10.00 to 29.99: about 100 × 20.00 asked of each 1,000.00 wallet, so about half are refused.
      const requests = Array.from({ length: 1_000 }, (_, index) => ({
        wallet: wallets[index % 10]!,
        key: randomUUID(),
        amount: 1_000 + Math.floor(Math.random() * 2_000),
      }));
      const send = ({ wallet, key, amount }: (typeof requests)[number]) =>
        t.app.inject(
          injectOf(
            endpoints.payouts.request,
            { body: { amount, paymentMethodId: wallet.methodId }, headers: { 'idempotency-key': key } },
            { session: wallet.session, headers: { 'idempotency-key': key } },
          ),
        );
      const answers = await Promise.all([...requests, ...requests].map(send));

      const paidByKey = new Map<string, string>();
      answers.forEach((response, index) => {
        const { key } = requests[index % 1_000]!;
        expect([201, 409]).toContain(response.statusCode);
        if (response.statusCode === 409) {
          expect(response.json()).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
          return;
        }
        const id = expectShape(payoutSchema, response).id;
        // Both answers of one key that were accepted name the same payout.
        expect(paidByKey.get(key) ?? id).toBe(id);
        paidByKey.set(key, id);
      });

      const { rows: payouts } = await t.db.query<{
        id: string;
        account_id: string;
        amount: string;
        key: string;
      }>(
        `SELECT id, account_id, amount, idempotency_key AS key FROM payouts WHERE account_id = ANY($1::uuid[])`,
        [wallets.map((wallet) => wallet.accountId)],
      );
      expect(payouts.length).toBe(paidByKey.size);
      expect(new Set(payouts.map((payout) => payout.key)).size).toBe(payouts.length);
      for (const payout of payouts) expect(paidByKey.get(payout.key)).toBe(payout.id);

      for (const wallet of wallets) {
        const paid = payouts
          .filter((payout) => payout.account_id === wallet.accountId)
          .reduce((sum, payout) => sum + Number(payout.amount), 0);
        const balance = await walletBalance(t.db, wallet.accountId);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(START - paid);
        // Refusals only happen when the rest of the wallet could not cover them: little is left unpaid.
        expect(balance).toBeLessThan(3_000);
      }
      const total = payouts.reduce((sum, payout) => sum + Number(payout.amount), 0);
      expect(await balanceOf(t.db, PLATFORM_ACCOUNTS.payoutsInFlight)).toBe(inFlightBefore + total);

      // One PAYOUT transfer and one simulator transfer per payout: nothing paid twice.
      const { rows: counts } = await t.db.query<{ transfers: number; sent: number; entries: string }>(
        `SELECT (SELECT count(*)::int FROM ledger_transfers WHERE kind = 'PAYOUT' AND payout_id = ANY($1::uuid[]))
                AS transfers,
              (SELECT count(*)::int FROM payout_simulator_transfers WHERE payout_id = ANY($1::uuid[])) AS sent,
              (SELECT COALESCE(SUM(amount), 0)::text FROM ledger_entries) AS entries`,
        [payouts.map((payout) => payout.id)],
      );
      expect(counts[0]).toEqual({ transfers: payouts.length, sent: payouts.length, entries: '0' });

      // Every payout has its invoice, and the year's numbers have no gaps.
      const { rows: numbers } = await t.db.query<{ invoices: number; gaps: number }>(
        `SELECT count(*)::int AS invoices, (max(number) - min(number) + 1 - count(*))::int AS gaps
       FROM invoices WHERE year = extract(year FROM now() AT TIME ZONE 'UTC')::int`,
      );
      expect(numbers[0]!.gaps).toBe(0);
      expect(numbers[0]!.invoices).toBeGreaterThanOrEqual(payouts.length);
    },
  );
});
