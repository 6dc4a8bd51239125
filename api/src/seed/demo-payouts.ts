import { randomUUID } from 'node:crypto';
import { withTransaction, type Db } from '../platform/db.js';
import { issueInvoice } from '../domains/invoices/index.js';
import { insertMethod, saveBillingDetails } from '../domains/billing/index.js';
import { bookPayout, bookSettlement, findPayoutByKey, insertPayout } from '../domains/payouts/index.js';
import { walletBalance } from '../domains/ledger/index.js';
import { findCredentialsByEmail } from '../domains/users/index.js';
import { findVerifiedIdentity, insertApprovedVerification } from '../domains/verifications/index.js';

/**
 * Who the demo pays out, each once (their key): Mara from her own catalogue, and Kofi from the split income Mara's
 * album credited him, so that a correction taking back split income meets a participant already paid
 * (docs/decisions/0078-corrections-and-negative-balances.md). The legal name is the ID document's, the holder's and
 * the invoice's (decision 0062). The IBANs are ISO 13616's example accounts (valid, and the simulator pays nobody);
 * Kofi banks in euros through a German account from Accra.
 */
const DEMO_PAYEES = [
  {
    email: 'mara@demo.tunehouse.local',
    key: 'demo-payout-1',
    legalName: 'Mara Lindqvist',
    dateOfBirth: '1991-04-12',
    address: {
      addressLine: 'Södra Förstadsgatan 1',
      postalCode: '211 43',
      city: 'Malmö',
      country: 'SE' as const,
    },
    bank: { country: 'SE', iban: 'SE4550000000058398257466' },
    recipient: 'simulated-recipient-demo-mara',
  },
  {
    email: 'kofi@demo.tunehouse.local',
    key: 'demo-payout-kofi-1',
    legalName: 'Kofi Mensah',
    dateOfBirth: '1988-09-03',
    address: {
      addressLine: '12 Oxford Street',
      postalCode: 'GA-123-4567',
      city: 'Accra',
      country: 'GH' as const,
    },
    bank: { country: 'DE', iban: 'DE89370400440532013000' },
    recipient: 'simulated-recipient-demo-kofi',
  },
] as const;
type DemoPayee = (typeof DEMO_PAYEES)[number];
const CENTS_PER_EURO = 100;
/** The demo pays out half of what the closes credited, in whole euros, so Mara keeps a balance to pay out too. */
const payoutOf = (balance: number) => {
  const half = Math.floor(balance / 2);
  return half - (half % CENTS_PER_EURO);
};
const MIN_DEMO_PAYOUT_CENTS = 1_000;

/**
 * The demo's payouts (docs/decisions/0046-payouts.md), after the closes have filled the wallets: each payee is
 * identity-verified (an approved verification in their name), has billing details and a bank account with the
 * built-in payout simulator, and one payout that settled, with its self-billing invoice — booked as the service
 * books them (wallet → in flight → settlements). Answers how many payouts it made: none for a payee paid already
 * or whose wallet cannot cover one.
 */
export async function seedDemoPayouts(
  db: Db,
  { platformCurrency }: { platformCurrency: string },
): Promise<number> {
  let made = 0;
  for (const payee of DEMO_PAYEES) made += await payOut(db, payee, platformCurrency);
  return made;
}

async function payOut(db: Db, payee: DemoPayee, platformCurrency: string): Promise<number> {
  const found = await findCredentialsByEmail(db, payee.email);
  if (!found) return 0;
  const accountId = found.user.account.id;
  if (await findPayoutByKey(db, accountId, payee.key)) return 0;
  const amount = payoutOf(Number(await walletBalance(db, accountId)));
  if (amount < MIN_DEMO_PAYOUT_CENTS) return 0;

  const { address } = payee;
  if (!(await findVerifiedIdentity(db, accountId)))
    await insertApprovedVerification(db, accountId, {
      legalName: payee.legalName,
      dateOfBirth: payee.dateOfBirth,
      ...address,
    });
  const declared = { ...address, tradingName: null, vatId: null };
  await saveBillingDetails(db, accountId, declared);
  const method = await insertMethod(db, {
    accountId,
    holderName: payee.legalName,
    holderReview: 'MATCHED',
    country: payee.bank.country,
    bic: null,
    iban: payee.bank.iban,
    provider: 'simulator',
    providerRecipient: payee.recipient,
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
      idempotencyKey: payee.key,
      fingerprint: `${amount}:${method.id}`,
      provider: 'simulator',
    });
    await bookPayout(tx, { id, accountId, amount });
    await issueInvoice(tx, {
      payoutId: id,
      accountId,
      total: amount,
      currency: platformCurrency,
      supplier: { legalName: payee.legalName, ...declared },
    });
    await tx.query(
      `INSERT INTO payout_simulator_transfers (payout_id, recipient, amount, currency) VALUES ($1, $2, $3, $4)`,
      [id, payee.recipient, amount, platformCurrency],
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
