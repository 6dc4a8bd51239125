import { randomUUID } from 'node:crypto';
import { centsToDecimal, type Payout, type PayoutRequest } from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { reauthenticate, type ReauthenticationDeps } from '../account-security/index.js';
import { findActiveMethod, findBillingDetails } from '../billing/index.js';
import { issueInvoice } from '../invoices/index.js';
import { walletBalance } from '../ledger/index.js';
import { findVerifiedIdentity } from '../verifications/index.js';
import { refuseUnreviewedMethod, supplierOf } from './verified-supplier.js';
import { bookPayout } from './ledger-moves.js';
import type { PayoutLifecycle } from './lifecycle.js';
import { findPayout, findPayoutByKey, insertPayout, type PayoutRecord, toPayout } from './repository.js';

type Deps = {
  db: Db;
  reauthentication: ReauthenticationDeps;
  lifecycle: PayoutLifecycle;
  providerName: string;
  platformCurrency: string;
  minimumCents: number;
  onSendError: (error: unknown, payoutId: string) => void;
};

const notVerified = () =>
  new ApiError(403, 'IDENTITY_NOT_VERIFIED', 'Verify your identity before requesting a payout');

/** What a request asked for: the same key must always ask for the same. */
const fingerprintOf = (body: PayoutRequest) => `${body.amount}:${body.paymentMethodId}`;

function replayOrConflict(existing: PayoutRecord, fingerprint: string, key: string): Payout {
  if (existing.fingerprint === fingerprint) return toPayout(existing);
  throw new ApiError(
    409,
    'IDEMPOTENCY_CONFLICT',
    `Idempotency key "${key}" was already used for a different payout`,
  );
}

/** A bank account added recently takes no payout until its hold ends (a new payee's hold, 0060). */
const held = (heldUntil: string) =>
  new ApiError(
    409,
    'PAYOUT_METHOD_HELD',
    `This bank account was added recently: payouts to it are possible from ${heldUntil}`,
    [
      {
        path: ['body', 'paymentMethodId'],
        message: `Payouts to this account are possible from ${heldUntil}`,
      },
    ],
  );

/**
 * Requesting a payout. A replay of the account's Idempotency-Key answers the payout it made (whatever has become
 * of it, and without a new second-step code); the same key with another amount or method is a 409. Otherwise the
 * rules, in the order a person can fix them: identity verified, at least the minimum, money actions not locked and
 * the second step (account-security's reauthenticate), a method of theirs on file, past its hold and whose holder matched the
 * verified name or was approved, billing details for the invoice. Then one transaction writes the payout, moves its amount
 * from the wallet to payouts in flight (409 INSUFFICIENT_FUNDS naming the shortfall, rolling everything back) and
 * issues its invoice; the provider is called only after it committed.
 */
export function createPayoutRequests({
  db,
  reauthentication,
  lifecycle,
  providerName,
  platformCurrency,
  minimumCents,
  onSendError,
}: Deps) {
  return async function request(
    caller: AuthContext,
    key: string,
    body: PayoutRequest,
    address = '',
  ): Promise<Payout> {
    const accountId = caller.user.account.id;
    const fingerprint = fingerprintOf(body);
    const earlier = await findPayoutByKey(db, accountId, key);
    if (earlier) return replayOrConflict(earlier, fingerprint, key);

    // Verified means an approved identity verification: its legal name is the invoice's supplier (decision 0062).
    if (!caller.user.account.verifiedAt || !(await findVerifiedIdentity(db, accountId))) throw notVerified();
    if (body.amount < minimumCents)
      throw new ApiError(
        422,
        'PAYOUT_BELOW_MINIMUM',
        `The smallest payout is ${centsToDecimal(minimumCents)} ${platformCurrency}`,
        [{ path: ['body', 'amount'], message: `At least ${centsToDecimal(minimumCents)}` }],
      );
    // A balance below zero is a debt from corrections: the next royalties cover it before any payout
    // (docs/decisions/0078-corrections-and-negative-balances.md). The ledger's guard still refuses a race.
    const balance = await walletBalance(db, accountId);
    if (balance < 0)
      throw new ApiError(
        409,
        'NEGATIVE_BALANCE',
        `Your balance is ${centsToDecimal(balance)} ${platformCurrency}: corrections took back more than it ` +
          'held, and the next royalties cover that first. Payouts open again once it is above zero.',
      );

    const id = randomUUID();
    const outcome = await withTransaction(db, async (tx) => {
      // A refused code is answered after the commit, so that it stays counted.
      const refused = await reauthenticate(
        tx,
        caller,
        { otp: body.otp },
        { rule: 'code-if-any', address, deps: reauthentication },
      );
      if (refused) return { refused };
      const method = await findActiveMethod(tx, accountId, body.paymentMethodId);
      if (!method) throw new ApiError(404, 'NOT_FOUND', `No payout method ${body.paymentMethodId} on file`);
      if (method.heldUntil) throw held(method.heldUntil);
      refuseUnreviewedMethod(method);
      const declared = await findBillingDetails(tx, accountId);
      const identity = await findVerifiedIdentity(tx, accountId);
      if (!identity) throw notVerified();
      if (!declared)
        throw new ApiError(
          409,
          'BILLING_DETAILS_REQUIRED',
          'Enter your billing details before requesting a payout',
        );
      const created = await insertPayout(tx, {
        id,
        accountId,
        paymentMethodId: method.id,
        amount: body.amount,
        currency: platformCurrency,
        idempotencyKey: key,
        fingerprint,
        provider: providerName,
      });
      // Another request with this key committed while we waited on it: answer that one, outside this transaction.
      if (!created) return { inserted: false };
      await bookPayout(tx, { id, accountId, amount: body.amount });
      await issueInvoice(tx, {
        payoutId: id,
        accountId,
        total: body.amount,
        currency: platformCurrency,
        supplier: supplierOf(identity, declared),
      });
      return { inserted: true };
    });
    if ('refused' in outcome) throw outcome.refused;
    if (!outcome.inserted) {
      const other = await findPayoutByKey(db, accountId, key);
      if (!other) throw new Error(`Payout with key ${key} vanished after a key conflict`);
      return replayOrConflict(other, fingerprint, key);
    }

    // The payout is committed whatever happens now: a failure to hand it over leaves it for the recovery job.
    await lifecycle.send(id).catch((error: unknown) => onSendError(error, id));
    return toPayout((await findPayout(db, id))!);
  };
}
