import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { CardSetupService } from './card-setups.js';
import type { PaymentServiceDeps } from './payment-deps.js';
import { refreshPayment } from './read-payment.js';
import { findPayment } from './repository.js';
import { findSetup, pendingOlderThan } from './setup-repository.js';

/** What the reconciliation is run with: the payment deps, and the card set-ups to ask about theirs. */
export type ReconcileDeps = PaymentServiceDeps & { setups: Pick<CardSetupService, 'refresh'> };

/**
 * Payments and card set-ups still PENDING `olderThanSeconds` after they were opened — their webhook and the
 * browser's return both lost — asked about at the provider and settled through the same code as the webhook,
 * once (the row lock in settlePayment / confirmSetup). Answers how many were decided.
 */
export async function reconcile(
  deps: ReconcileDeps,
  olderThanSeconds: number,
): Promise<{ settled: number; asked: number }> {
  const { db, provider, setups } = deps;
  const pending = await pendingOlderThan(db, provider.name, olderThanSeconds);
  let settled = 0;
  for (const id of pending.payments) {
    const payment = await findPayment(db, id);
    if (payment && (await refreshPayment(deps, payment)).status !== 'PENDING') settled += 1;
  }
  for (const id of pending.setups) {
    const setup = await findSetup(db, id);
    if (setup && (await setups.refresh(setup)).status !== 'PENDING') settled += 1;
  }
  return { settled, asked: pending.payments.length + pending.setups.length };
}

/** main.ts: the reconciliation job, every minute (pg-boss cron), for what has waited `afterSeconds`. */
export async function workReconciliation(
  deps: ReconcileDeps,
  jobs: Jobs,
  afterSeconds: number,
): Promise<void> {
  await jobs.work(QUEUES.paymentReconcile, async () => {
    const done = await reconcile(deps, afterSeconds);
    if (done.asked > 0)
      deps.logger?.info(done, 'pending payments and card set-ups asked about at the provider');
  });
  await jobs.schedule(QUEUES.paymentReconcile, '* * * * *');
}
