import { randomUUID } from 'node:crypto';
import { withTransaction, type Db } from '../platform/db.js';
import { issueInvoice } from '../domains/invoices/index.js';
import { insertMethod, saveBillingDetails } from '../domains/billing/index.js';
import { bookPayout, bookSettlement, findPayoutByKey, insertPayout } from '../domains/payouts/index.js';
import { walletBalance } from '../domains/ledger/index.js';
import { findCredentialsByEmail } from '../domains/users/index.js';
import { findVerifiedIdentity, insertApprovedVerification } from '../domains/verifications/index.js';

const MARA = 'mara@demo.tunehouse.local';
const KEY = 'demo-payout-1';
/** Mara's name as her (demo) ID document shows it: her account's first and last name. */
const MARA_LEGAL_NAME = 'Mara Lindqvist';
/** A real, valid IBAN format (the ISO 13616 example account); the simulator never pays anyone. */
const DEMO_IBAN = 'SE4550000000058398257466';
const CENTS_PER_EURO = 100;
/** The demo pays out half of what the closes credited, in whole euros, so Mara keeps a balance to pay out too. */
const payoutOf = (balance: number) => {
  const half = Math.floor(balance / 2);
  return half - (half % CENTS_PER_EURO);
};
const MIN_DEMO_PAYOUT_CENTS = 1_000;

/**
 * The demo's payout (docs/decisions/0046-payouts.md), after the closes have filled Mara's wallet: Mara is
 * identity-verified (an approved verification in her name), has billing details and a bank account with the built-in payout simulator, and one payout
 * that settled, with its self-billing invoice — booked as the service books them (wallet → in flight →
 * settlements). Answers 1 when it made the payout, 0 when it was there already or the wallet cannot cover it.
 */
export async function seedDemoPayouts(
  db: Db,
  { platformCurrency }: { platformCurrency: string },
): Promise<number> {
  const mara = await findCredentialsByEmail(db, MARA);
  if (!mara) return 0;
  const accountId = mara.user.account.id;
  if (await findPayoutByKey(db, accountId, KEY)) return 0;
  const amount = payoutOf(Number(await walletBalance(db, accountId)));
  if (amount < MIN_DEMO_PAYOUT_CENTS) return 0;

  // One name throughout (decision 0062): the approved verification's, the bank account's holder and the invoice's
  // supplier.
  const address = {
    addressLine: 'Södra Förstadsgatan 1',
    postalCode: '211 43',
    city: 'Malmö',
    country: 'SE' as const,
  };
  if (!(await findVerifiedIdentity(db, accountId)))
    await insertApprovedVerification(db, accountId, {
      legalName: MARA_LEGAL_NAME,
      dateOfBirth: '1991-04-12',
      ...address,
    });
  const declared = { ...address, tradingName: null, vatId: null };
  await saveBillingDetails(db, accountId, declared);
  const method = await insertMethod(db, {
    accountId,
    holderName: MARA_LEGAL_NAME,
    holderReview: 'MATCHED',
    country: 'SE',
    bic: null,
    iban: DEMO_IBAN,
    provider: 'simulator',
    providerRecipient: 'simulated-recipient-demo-mara',
    // Seeded as if added long ago: no hold for a new payee, so the demo can pay out to it at once.
    holdHours: 0,
  });
  const id = randomUUID();
  await withTransaction(db, async (tx) => {
    await insertPayout(tx, {
      id,
      accountId,
      paymentMethodId: method.id,
      amount,
      currency: platformCurrency,
      idempotencyKey: KEY,
      fingerprint: `${amount}:${method.id}`,
      provider: 'simulator',
    });
    await bookPayout(tx, { id, accountId, amount });
    await issueInvoice(tx, {
      payoutId: id,
      accountId,
      total: amount,
      currency: platformCurrency,
      supplier: { legalName: MARA_LEGAL_NAME, ...declared },
    });
    await tx.query(
      `INSERT INTO payout_simulator_transfers (payout_id, recipient, amount, currency) VALUES ($1, $2, $3, $4)`,
      [id, 'simulated-recipient-demo-mara', amount, platformCurrency],
    );
    await tx.query(
      `UPDATE payouts SET status = 'SENT', provider_reference = $2, sent_at = now(), send_attempts = 1 WHERE id = $1`,
      [id, `simulated-${id}`],
    );
    await bookSettlement(tx, { id, amount });
    await tx.query(`UPDATE payouts SET status = 'SETTLED', settled_at = now() WHERE id = $1`, [id]);
  });
  return 1;
}
