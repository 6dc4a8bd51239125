import type { Payment, SimulatedPaymentEvent } from '@tunehouse/contracts';
import { type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { CardSetupService } from './card-setups.js';
import type { PaymentServiceDeps } from './payment-deps.js';
import type { ProviderEvent } from './provider.js';
import { paymentNotFound } from './read-payment.js';
import { findPayment, recordWebhookEvent } from './repository.js';
import { settlePayment } from './settlement.js';

/** What a webhook event is handled with: the payment deps, and the card set-ups for a set-up event. */
export type EventDeps = Pick<PaymentServiceDeps, 'db' | 'takedown'> & {
  setups: Pick<CardSetupService, 'event'>;
};

/**
 * A provider's webhook event, its signature already checked. A payment event is recorded in the transaction
 * that settles it, so an event id seen before is refused (409) and one that failed half-way can be sent again;
 * a set-up event has the provider asked for the card first (card-setups.ts).
 */
export async function providerEvent(
  { db, takedown, setups }: EventDeps,
  providerName: string,
  event: ProviderEvent,
): Promise<Payment['status']> {
  const record = (tx: Queryable) =>
    recordWebhookEvent(tx, providerName, event.id, event.subject === 'payment' ? event.paymentId : null);
  if (event.subject === 'setup') return setups.event(providerName, event, record);
  return withTransaction(db, async (tx) => {
    if (!(await record(tx))) throw new ApiError(409, 'CONFLICT', `Event ${event.id} was received already`);
    const found = await findPayment(tx, event.paymentId);
    if (!found || found.provider !== providerName) throw paymentNotFound();
    return (await settlePayment(tx, event.paymentId, event.decision, takedown))!.status;
  });
}

/** The simulated provider's webhook, its signature already checked. */
export function simulatorEvent(deps: EventDeps, event: SimulatedPaymentEvent): Promise<Payment['status']> {
  if ('setupId' in event)
    return providerEvent(deps, 'simulator', { id: event.id, subject: 'setup', setupId: event.setupId });
  return providerEvent(deps, 'simulator', {
    id: event.id,
    subject: 'payment',
    paymentId: event.paymentId,
    decision:
      event.type === 'payment.succeeded'
        ? { status: 'SUCCEEDED' }
        : { status: 'FAILED', reason: event.reason ?? 'The payment provider refused the payment' },
  });
}
