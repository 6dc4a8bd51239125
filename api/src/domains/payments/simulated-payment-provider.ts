import type { Queryable } from '../../platform/db.js';
import type { CheckoutOrder, PaymentProvider, PaymentProviderStatus } from './provider.js';

/** A checkout the simulator opened, as its page shows it. */
export type SimulatedCheckout = {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  outcome: 'PAID' | 'DECLINED' | null;
};

export const SIMULATED_DECLINE_REASON = 'Simulated decline: the card holder declined the payment';

/**
 * A SIMULATOR standing in for a card payment provider: no money moves anywhere. Its hosted checkout is a page this
 * API serves (`/v1/simulator/checkout/{id}`, plainly labelled as simulated) with Pay and Decline buttons; it keeps
 * each checkout and the choice made in `payment_simulator_checkouts`, so the API and the job worker see the same
 * simulator and a restart loses nothing. Its reference of a payment is the payment id.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulator';

  constructor(
    private readonly db: Queryable,
    /** The API's public origin: the checkout page is served there. */
    private readonly publicApiUrl: string,
  ) {}

  async createCheckout(order: CheckoutOrder): Promise<{ reference: string; checkoutUrl: string }> {
    await this.db.query(
      `INSERT INTO payment_simulator_checkouts (payment_id, amount, currency, description) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_id) DO NOTHING`,
      [order.paymentId, order.amount, order.currency, order.description],
    );
    return {
      reference: order.paymentId,
      checkoutUrl: `${this.publicApiUrl}/v1/simulator/checkout/${order.paymentId}`,
    };
  }

  async status(reference: string): Promise<PaymentProviderStatus> {
    const checkout = await this.checkout(reference);
    if (!checkout) return { status: 'FAILED', reason: 'Simulated: the simulator never opened this checkout' };
    if (checkout.outcome === 'PAID') return { status: 'SUCCEEDED' };
    if (checkout.outcome === 'DECLINED') return { status: 'FAILED', reason: SIMULATED_DECLINE_REASON };
    return { status: 'PENDING' };
  }

  async checkout(paymentId: string): Promise<SimulatedCheckout | null> {
    const { rows } = await this.db.query<{
      amount: string;
      currency: string;
      description: string;
      outcome: SimulatedCheckout['outcome'];
    }>(
      `SELECT amount, currency, description, outcome FROM payment_simulator_checkouts WHERE payment_id::text = $1`,
      [paymentId],
    );
    const row = rows[0];
    return row ? { paymentId, ...row, amount: Number(row.amount) } : null;
  }

  /**
   * The card holder's choice at the checkout page, made once: answers the checkout as decided (by this choice or
   * an earlier one), or null when the simulator has no such checkout.
   */
  async decide(paymentId: string, outcome: 'PAID' | 'DECLINED'): Promise<SimulatedCheckout | null> {
    await this.db.query(
      `UPDATE payment_simulator_checkouts SET outcome = $2, decided_at = now()
       WHERE payment_id::text = $1 AND outcome IS NULL`,
      [paymentId, outcome],
    );
    return this.checkout(paymentId);
  }
}
