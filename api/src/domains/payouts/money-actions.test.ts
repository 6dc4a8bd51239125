import { randomUUID } from 'node:crypto';
import {
  endpoints,
  type NewPaymentMethod,
  paymentMethodListSchema,
  paymentMethodSchema,
  type PayoutRequest,
  type Session,
  sessionSchema,
} from '@tunehouse/contracts';
import fc from 'fast-check';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, lastMailTo, login, PASSWORD } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { verifyIdentity } from '../../testing/verified-identity.js';
import { PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../ledger/index.js';
import { SIGN_IN_LIMITS, userSubject } from '../sessions/index.js';
import { insertMethod } from '../billing/index.js';

// N1 of the 2026-11-27 security review (docs/decisions/0060-money-action-reauth-and-payee-hold.md): wrong codes
// and passwords on money actions count with the sign-in codes and lock money actions; a new bank account needs the
// owner again, is mailed about and is held. The app runs with the production defaults (a 24-hour hold).

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The authenticator code `offsetSteps` 30-second steps from now (one step of drift is accepted). */
const totpCode = (offsetSteps: number) =>
  generate({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const LIMIT = SIGN_IN_LIMITS.secondStep.max;
const NEW_IBAN = 'DE89 3704 0044 0532 0130 00';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = { user: UserRecord; session: Session; methodId: string };

/**
 * An identity-verified account with billing details, €500.00 and a bank account on file for long (no hold); with
 * `totp`, an authenticator second step, signed in with this time step's code (so the next right code is step +1).
 */
async function owner({ totp = false }: { totp?: boolean } = {}): Promise<Owner> {
  const user = await createUser(t.db, totp ? { secondStep: 'totp', totpSecret: TOTP_SECRET } : {});
  await verifyIdentity(t.db, user.account.id, 'Kofi Mensah');
  let session = await login(t.app, user.email);
  if (totp) {
    const verified = await t.app.inject(
      injectOf(endpoints.sessions.verify, { body: { secret: await totpCode(0) } }, { session }),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    session = expectShape(sessionSchema, verified);
  }
  const billing = await t.app.inject(
    injectOf(
      endpoints.billing.setBillingDetails,
      {
        body: {
          legalName: 'Kofi Mensah',
          addressLine: 'Keizersgracht 1',
          postalCode: '1015 AA',
          city: 'Amsterdam',
          country: 'NL',
        },
      },
      { session },
    ),
  );
  expect(billing.statusCode, billing.body).toBe(200);
  const method = await insertMethod(t.db, {
    accountId: user.account.id,
    holderName: 'Kofi Mensah',
    country: 'NL',
    bic: null,
    iban: 'NL91ABNA0417164300',
    provider: 'simulator',
    providerRecipient: `simulated-${randomUUID()}`,
    holderReview: 'MATCHED',
  });
  await transfer(t.db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: 50_000,
    kind: 'CLOSE_CREDIT',
  });
  return { user, session, methodId: method.id };
}

const payout = (session: Session, body: PayoutRequest, remoteAddress = '127.0.0.1') => {
  const key = randomUUID();
  return t.app.inject({
    ...injectOf(
      endpoints.payouts.request,
      { body, headers: { 'idempotency-key': key } },
      { session, headers: { 'idempotency-key': key } },
    ),
    remoteAddress,
  });
};

const addBankAccount = (
  session: Session,
  proof: { password?: string; otp?: string },
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    ...injectOf(
      endpoints.billing.addMethod,
      {
        body: {
          kind: 'BANK_ACCOUNT',
          holderName: 'Kofi Mensah',
          iban: NEW_IBAN,
          country: 'DE',
          ...proof,
        } satisfies NewPaymentMethod,
      },
      { session },
    ),
    remoteAddress,
  });

/** One wrong code at sign-in: a fresh sign-in (the guesser knows the password) and a wrong code for it. */
async function wrongSignInCode(user: UserRecord, remoteAddress: string) {
  const pending = await login(t.app, user.email);
  const response = await t.app.inject({
    ...injectOf(endpoints.sessions.verify, { body: { secret: '000000' } }, { session: pending }),
    remoteAddress,
  });
  expectError(response, 400, 'CHALLENGE_SECRET_INVALID');
}

async function signInWithRightCode(user: UserRecord, offsetSteps: number) {
  const pending = await login(t.app, user.email);
  return t.app.inject(
    injectOf(
      endpoints.sessions.verify,
      { body: { secret: await totpCode(offsetSteps) } },
      { session: pending },
    ),
  );
}

const mailsTo = async (to: string, template: string) =>
  Number(
    (
      await t.db.query<{ count: string }>(
        'SELECT count(*) AS count FROM outbox WHERE recipient = $1 AND template = $2',
        [to, template],
      )
    ).rows[0]!.count,
  );

const payoutsOf = async (accountId: string) =>
  Number(
    (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM payouts WHERE account_id = $1', [accountId]))
      .rows[0]!.n,
  );

const methodsOf = async (session: Session) =>
  expectShape(
    paymentMethodListSchema,
    await t.app.inject(injectOf(endpoints.billing.methods, {}, { session })),
  ).items;

/** The limit's time passed: every counted failure and lock is older than its window. */
const letTimePass = (minutes: number, kinds = ['second_step_failed', 'money_actions_locked']) =>
  t.db.query(`UPDATE sign_in_attempts SET at = at - make_interval(mins => $1) WHERE kind = ANY($2::text[])`, [
    minutes,
    kinds,
  ]);

function expectLocked(response: Awaited<ReturnType<typeof payout>>) {
  expectError(response, 429, 'MONEY_ACTIONS_LOCKED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.moneyActionsLock.minutes * 60);
}

describe('wrong codes on payouts', () => {
  it(`count per account from any address: ${LIMIT} wrong, then 429 for the rest of 30 parallel guesses, the owner mailed once, the right code refused while locked`, async () => {
    const kofi = await owner({ totp: true });
    const body = { amount: 1_000, paymentMethodId: kofi.methodId };
    // The review's run: parallel guesses from many addresses. The account's counter is locked per check, so no
    // guess slips past the limit together with another.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        payout(kofi.session, { ...body, otp: '000000' }, `198.51.100.${i}`),
      ),
    );
    const codes = answers.map((response) => (response.json() as { error: { code: string } }).error.code);
    expect(codes.filter((code) => code === 'CHALLENGE_SECRET_INVALID')).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === 'MONEY_ACTIONS_LOCKED')).toHaveLength(30 - LIMIT);
    for (const response of answers.filter((answer) => answer.statusCode === 429)) expectLocked(response);
    expect(await mailsTo(kofi.user.email, 'money-actions-locked')).toBe(1);
    const mail = await lastMailTo(t.db, kofi.user.email);
    expect(mail.text_body).toContain('payouts and new payout methods are paused for 15 minutes');

    // The right code is refused too, and so is a new bank account: the guesser may just have found it.
    expectLocked(await payout(kofi.session, { ...body, otp: await totpCode(1) }, '203.0.113.9'));
    expectLocked(await addBankAccount(kofi.session, { otp: await totpCode(1) }));
    expect(await payoutsOf(kofi.user.account.id)).toBe(0);
    expect(await walletBalance(t.db, kofi.user.account.id)).toBe(50_000);
    // Sign-in's second step waits as well: it is the same counter.
    expectError(await signInWithRightCode(kofi.user, 1), 429, 'RATE_LIMITED');

    await letTimePass(16);
    const paid = await payout(kofi.session, { ...body, otp: await totpCode(1) });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('stay locked 15 minutes from reaching the limit, however long the guesses took', async () => {
    const kofi = await owner({ totp: true });
    const body = { amount: 1_000, paymentMethodId: kofi.methodId };
    for (let i = 0; i < LIMIT - 1; i += 1)
      expectError(await payout(kofi.session, { ...body, otp: '000000' }), 400, 'CHALLENGE_SECRET_INVALID');
    await letTimePass(14);
    expectError(await payout(kofi.session, { ...body, otp: '000000' }), 400, 'CHALLENGE_SECRET_INVALID');
    // Two minutes on, nine of the ten wrong codes are out of the window, but the lock holds.
    await letTimePass(2, ['second_step_failed']);
    await letTimePass(2, ['money_actions_locked']);
    expectLocked(await payout(kofi.session, { ...body, otp: await totpCode(1) }));
    await letTimePass(14);
    expect((await payout(kofi.session, { ...body, otp: await totpCode(1) })).statusCode).toBe(201);
  });

  it('share one counter with wrong sign-in codes, whichever reaches the limit', async () => {
    // Six wrong at sign-in, then four at payouts: the tenth, a payout's, locks both and mails about money.
    const kofi = await owner({ totp: true });
    const body = { amount: 1_000, paymentMethodId: kofi.methodId };
    for (let i = 0; i < 6; i += 1) await wrongSignInCode(kofi.user, `192.0.2.${i}`);
    for (let i = 0; i < LIMIT - 6; i += 1)
      expectError(await payout(kofi.session, { ...body, otp: '000000' }), 400, 'CHALLENGE_SECRET_INVALID');
    expectLocked(await payout(kofi.session, { ...body, otp: await totpCode(1) }));
    expectError(await signInWithRightCode(kofi.user, 1), 429, 'RATE_LIMITED');
    expect(await mailsTo(kofi.user.email, 'money-actions-locked')).toBe(1);
    expect(await mailsTo(kofi.user.email, 'wrong-codes-alert')).toBe(0);

    // Ten wrong at sign-in alone lock the money actions as well (the sign-in mail tells of both).
    const ama = await owner({ totp: true });
    for (let i = 0; i < LIMIT; i += 1) await wrongSignInCode(ama.user, `192.0.2.${100 + i}`);
    expect(await mailsTo(ama.user.email, 'wrong-codes-alert')).toBe(1);
    expect((await lastMailTo(t.db, ama.user.email)).text_body).toContain('payouts');
    expectLocked(
      await payout(ama.session, { amount: 1_000, paymentMethodId: ama.methodId, otp: await totpCode(1) }),
    );
  });

  it(`lock after ${LIMIT} wrong answers whatever addresses, and sign-in or payout, they came from (property)`, async () => {
    const guess = fc.record({ address: fc.ipV4(), at: fc.constantFrom('sign-in', 'payout') });
    await fc.assert(
      fc.asyncProperty(
        fc.array(guess, { minLength: LIMIT, maxLength: LIMIT }),
        fc.ipV4(),
        async (guesses, last) => {
          const kofi = await owner({ totp: true });
          const body = { amount: 1_000, paymentMethodId: kofi.methodId };
          for (const { address, at } of guesses)
            if (at === 'sign-in') await wrongSignInCode(kofi.user, address);
            else
              expectError(
                await payout(kofi.session, { ...body, otp: '000000' }, address),
                400,
                'CHALLENGE_SECRET_INVALID',
              );
          expectLocked(await payout(kofi.session, { ...body, otp: await totpCode(1) }, last));
          expect(
            (await mailsTo(kofi.user.email, 'money-actions-locked')) +
              (await mailsTo(kofi.user.email, 'wrong-codes-alert')),
          ).toBe(1);
        },
      ),
      { numRuns: 4 },
    );
  });
});

describe('adding a bank account', () => {
  it('needs the password: refused without it, a wrong one counted; then the owner is mailed and payouts to it wait PAYOUT_METHOD_HOLD_HOURS', async () => {
    const mara = await owner();
    const missing = expectError(await addBankAccount(mara.session, {}), 403, 'REAUTHENTICATION_REQUIRED');
    expect(missing.details?.[0]?.path).toEqual(['body', 'password']);
    const wrong = expectError(
      await addBankAccount(mara.session, { password: 'not the password' }),
      400,
      'INVALID_CREDENTIALS',
    );
    expect(wrong.details?.[0]?.path).toEqual(['body', 'password']);
    expect(await methodsOf(mara.session)).toHaveLength(1);
    expect(await mailsTo(mara.user.email, 'payout-method-added')).toBe(0);

    const before = Date.now();
    const added = await addBankAccount(mara.session, { password: PASSWORD });
    expect(added.statusCode, added.body).toBe(201);
    const method = expectShape(paymentMethodSchema, added);
    if (method.kind !== 'BANK_ACCOUNT') throw new Error('a bank account was expected');
    const heldUntil = Date.parse(method.heldUntil!);
    expect(heldUntil).toBeGreaterThanOrEqual(before + t.config.payouts.methodHoldHours * 3_600_000 - 60_000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + t.config.payouts.methodHoldHours * 3_600_000 + 60_000);
    const mail = await lastMailTo(t.db, mara.user.email);
    expect(mail.template).toBe('payout-method-added');
    expect(mail.text_body).toContain('DE•• •••• 3000');
    expect(mail.text_body).toContain('Payouts to it are possible from');
    expect(
      (await methodsOf(mara.session)).map((listed) =>
        listed.kind === 'BANK_ACCOUNT' ? listed.heldUntil : 0,
      ),
    ).toEqual([null, method.heldUntil]);

    // A payout to it waits, naming when; the account on file for long still takes one.
    const held = expectError(
      await payout(mara.session, { amount: 1_000, paymentMethodId: method.id }),
      409,
      'PAYOUT_METHOD_HELD',
    );
    expect(held.message).toContain(method.heldUntil);
    expect(held.details?.[0]?.path).toEqual(['body', 'paymentMethodId']);
    expect(await walletBalance(t.db, mara.user.account.id)).toBe(50_000);
    expect((await payout(mara.session, { amount: 1_000, paymentMethodId: mara.methodId })).statusCode).toBe(
      201,
    );

    // Once the hold is over, it takes payouts and shows no hold.
    await t.db.query(`UPDATE payment_methods SET payouts_from = now() - interval '1 minute' WHERE id = $1`, [
      method.id,
    ]);
    const later = await payout(mara.session, { amount: 1_000, paymentMethodId: method.id });
    expect(later.statusCode, later.body).toBe(201);
    const listed = (await methodsOf(mara.session)).find((item) => item.id === method.id);
    expect(listed).toMatchObject({ heldUntil: null });
  });

  it(`locks money actions after ${LIMIT} wrong passwords, even the right one, and tells the owner`, async () => {
    const mara = await owner();
    for (let i = 0; i < LIMIT; i += 1)
      expectError(
        await addBankAccount(mara.session, { password: `guess ${i}` }, `198.51.100.${i}`),
        400,
        'INVALID_CREDENTIALS',
      );
    expectLocked(await addBankAccount(mara.session, { password: PASSWORD }, '203.0.113.7'));
    expectLocked(await payout(mara.session, { amount: 1_000, paymentMethodId: mara.methodId }));
    expect(await mailsTo(mara.user.email, 'money-actions-locked')).toBe(1);
    expect(await methodsOf(mara.session)).toHaveLength(1);
  });

  it('asks an account with an authenticator for its code, not the password', async () => {
    const kofi = await owner({ totp: true });
    const missing = expectError(
      await addBankAccount(kofi.session, { password: PASSWORD }),
      403,
      'SECOND_STEP_REQUIRED',
    );
    expect(missing.details?.[0]?.path).toEqual(['body', 'otp']);
    expectError(await addBankAccount(kofi.session, { otp: '000000' }), 400, 'CHALLENGE_SECRET_INVALID');
    const counted = await t.db.query(
      `SELECT 1 FROM sign_in_attempts WHERE kind = 'second_step_failed' AND subject = $1`,
      [userSubject(kofi.user.id)],
    );
    expect(counted.rowCount).toBe(1);
    const added = await addBankAccount(kofi.session, { otp: await totpCode(1) });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('sets up a card without asking again: a card only pays in, and takes nothing else in its body', async () => {
    const mara = await owner();
    const card = await t.app.inject(
      injectOf(endpoints.billing.addMethod, { body: { kind: 'CARD' } }, { session: mara.session }),
    );
    expect(card.statusCode, card.body).toBe(201);
    const withPassword = await t.app.inject(
      injectOf(
        endpoints.billing.addMethod,
        { body: { kind: 'CARD', password: PASSWORD } as unknown as NewPaymentMethod },
        { session: mara.session },
      ),
    );
    expectError(withPassword, 400, 'VALIDATION_FAILED');
  });
});
