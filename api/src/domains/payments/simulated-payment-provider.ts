import { endpoints, pathOf, SIMULATED_TEST_CARDS } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type {
  CheckoutOrder,
  PaymentProvider,
  PaymentProviderStatus,
  SetupOrder,
  SetupProviderStatus,
} from './provider.js';

/** A checkout the simulator opened, as its page shows it. */
export type SimulatedCheckout = {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  outcome: 'PAID' | 'DECLINED' | null;
};

export const SIMULATED_DECLINE_REASON = 'Simulated decline: the card holder declined the payment';
export const SIMULATED_SETUP_CANCEL_REASON = 'Simulated: the card holder cancelled the card set-up';

export type SimulatedTestCard = keyof typeof SIMULATED_TEST_CARDS;

/** A set-up page the simulator opened, and the test card saved there (if any). */
export type SimulatedSetup = {
  setupId: string;
  outcome: 'SAVED' | 'CANCELLED' | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
};

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
      checkoutUrl: `${this.publicApiUrl}${pathOf(endpoints.payments.checkoutPage.path, { id: order.paymentId })}`,
    };
  }

  async createSetup(order: SetupOrder): Promise<{ reference: string; redirectUrl: string }> {
    await this.db.query(
      'INSERT INTO payment_simulator_setups (setup_id) VALUES ($1) ON CONFLICT (setup_id) DO NOTHING',
      [order.setupId],
    );
    return {
      reference: order.setupId,
      redirectUrl: `${this.publicApiUrl}${pathOf(endpoints.payments.setupPage.path, { id: order.setupId })}`,
    };
  }

  async setupStatus(reference: string): Promise<SetupProviderStatus> {
    const setup = await this.setup(reference);
    if (!setup) return { status: 'FAILED', reason: 'Simulated: the simulator never opened this set-up' };
    if (setup.outcome === 'SAVED' && setup.card)
      return { status: 'SUCCEEDED', card: { reference: `simulated-card-${reference}`, ...setup.card } };
    if (setup.outcome === 'CANCELLED') return { status: 'FAILED', reason: SIMULATED_SETUP_CANCEL_REASON };
    return { status: 'PENDING' };
  }

  async setup(setupId: string): Promise<SimulatedSetup | null> {
    const { rows } = await this.db.query<{
      outcome: SimulatedSetup['outcome'];
      card_brand: string | null;
      card_last4: string | null;
      card_exp_month: number | null;
      card_exp_year: number | null;
    }>(
      `SELECT outcome, card_brand, card_last4, card_exp_month, card_exp_year FROM payment_simulator_setups
       WHERE setup_id::text = $1`,
      [setupId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      setupId,
      outcome: row.outcome,
      card:
        row.card_brand && row.card_last4 && row.card_exp_month && row.card_exp_year
          ? {
              brand: row.card_brand,
              last4: row.card_last4,
              expMonth: row.card_exp_month,
              expYear: row.card_exp_year,
            }
          : null,
    };
  }

  /**
   * The card holder's choice at the set-up page, made once: a test card saved (expiring in December three years
   * on) or the set-up cancelled. Answers the set-up as decided, or null when the simulator has no such set-up.
   */
  async decideSetup(setupId: string, choice: SimulatedTestCard | 'cancel'): Promise<SimulatedSetup | null> {
    const card = choice === 'cancel' ? null : SIMULATED_TEST_CARDS[choice];
    await this.db.query(
      `UPDATE payment_simulator_setups
          SET outcome = $2, card_brand = $3, card_last4 = $4, card_exp_month = $5, card_exp_year = $6,
              decided_at = now()
        WHERE setup_id::text = $1 AND outcome IS NULL`,
      [
        setupId,
        card ? 'SAVED' : 'CANCELLED',
        card?.brand ?? null,
        card?.last4 ?? null,
        card ? 12 : null,
        card ? new Date().getUTCFullYear() + 3 : null,
      ],
    );
    return this.setup(setupId);
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
