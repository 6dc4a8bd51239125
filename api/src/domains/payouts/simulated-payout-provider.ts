import { randomUUID } from 'node:crypto';
import type { SimulatedPayoutOutcome } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type {
  PayoutOrder,
  PayoutProvider,
  PayoutProviderStatus,
  PayoutRecipientDetails,
} from './provider.js';

const REFERENCE_PREFIX = 'simulated-';

/**
 * A SIMULATOR standing in for a payout provider: no money moves anywhere. It keeps what it was sent in
 * `payout_simulator_transfers` (once per payout id, however often it is sent), settles each payout
 * `settleSeconds` after it arrived, and can be told to fail a payout or return it (`tell`), as a bank would.
 * Its state is in the database, so the API and the job worker see the same simulator and a restart loses nothing.
 */
export class SimulatedPayoutProvider implements PayoutProvider {
  readonly name = 'simulator';

  constructor(
    private readonly db: Queryable,
    readonly settleSeconds: number,
  ) {}

  async addRecipient(_details: PayoutRecipientDetails): Promise<{ reference: string }> {
    return { reference: `${REFERENCE_PREFIX}recipient-${randomUUID()}` };
  }

  async send(order: PayoutOrder): Promise<{ reference: string; checkAfterSeconds: number }> {
    await this.db.query(
      `INSERT INTO payout_simulator_transfers (payout_id, recipient, amount, currency) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payout_id) DO NOTHING`,
      [order.payoutId, order.recipient, order.amount, order.currency],
    );
    return { reference: `${REFERENCE_PREFIX}${order.payoutId}`, checkAfterSeconds: this.settleSeconds };
  }

  async status(reference: string): Promise<PayoutProviderStatus> {
    const { rows } = await this.db.query<{ outcome: SimulatedPayoutOutcome['outcome'] | null; due: boolean }>(
      `SELECT outcome, received_at + make_interval(secs => $2) <= now() AS due
       FROM payout_simulator_transfers WHERE payout_id::text = $1`,
      [reference.slice(REFERENCE_PREFIX.length), this.settleSeconds],
    );
    const row = rows[0];
    if (!row) return { status: 'FAILED', reason: 'Simulated: the simulator never received this payout' };
    if (row.outcome === 'FAIL')
      return { status: 'FAILED', reason: 'Simulated failure: the receiving bank refused the payment' };
    if (row.outcome === 'RETURN')
      return { status: 'RETURNED', reason: 'Simulated return: the receiving bank sent the money back' };
    return row.due ? { status: 'SETTLED' } : { status: 'PENDING' };
  }

  /** Makes the next status answer of a payout it holds a failure or a return; false when it holds none. */
  async tell(payoutId: string, outcome: SimulatedPayoutOutcome['outcome']): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE payout_simulator_transfers SET outcome = $2 WHERE payout_id = $1',
      [payoutId, outcome],
    );
    return (rowCount ?? 0) > 0;
  }
}
