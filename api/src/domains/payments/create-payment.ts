import { randomUUID } from 'node:crypto';
import type { Payment, PaymentRequest } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import { withCheckout } from './checkout.js';
import type { PaymentServiceDeps } from './payment-deps.js';
import { findPayment, findPaymentByKey, insertPayment, type PaymentRecord, toPayment } from './repository.js';

/** The payment stored under the key, when it asked for the same; 409 when the key was used for another. */
function sameRequest(existing: PaymentRecord, fingerprint: string): PaymentRecord {
  if (existing.fingerprint !== fingerprint)
    throw new ApiError(
      409,
      'IDEMPOTENCY_CONFLICT',
      'This Idempotency-Key was already used for a different payment',
    );
  return existing;
}

/** POST /v1/payments: the whole takedown settlement, paid by card (docs/decisions/0048-payments.md). */
export async function createPayment(
  deps: PaymentServiceDeps,
  { accountId, idempotencyKey, body }: { accountId: string; idempotencyKey: string; body: PaymentRequest },
): Promise<Payment> {
  const { db, provider, platformCurrency, amountDue } = deps;
  const requested = {
    purpose: body.purpose,
    albumId: String(body.albumId).toLowerCase(),
    amount: body.amount,
  };
  const fingerprint = JSON.stringify([requested.purpose, requested.albumId, requested.amount]);
  const earlier = await findPaymentByKey(db, accountId, idempotencyKey);
  if (earlier) return toPayment(await withCheckout(deps, sameRequest(earlier, fingerprint)));

  const due = await amountDue(accountId, requested.albumId);
  if (due.amountDue === 0)
    throw new ApiError(409, 'CONFLICT', 'Nothing is due for this takedown: take the release down directly');
  if (requested.amount !== due.amountDue)
    throw new ApiError(
      409,
      'CONFLICT',
      `Taking this release down settles ${due.amountDue} (minor units) now, not ${requested.amount}`,
      [{ path: ['body', 'amount'], message: `Send amount=${due.amountDue}` }],
    );
  const id = randomUUID();
  const inserted = await insertPayment(db, {
    id,
    accountId,
    purpose: requested.purpose,
    albumId: due.albumId,
    amount: requested.amount,
    currency: platformCurrency,
    idempotencyKey,
    fingerprint,
    provider: provider.name,
  });
  const payment = inserted
    ? (await findPayment(db, id))!
    : sameRequest((await findPaymentByKey(db, accountId, idempotencyKey))!, fingerprint);
  return toPayment(await withCheckout(deps, payment));
}
