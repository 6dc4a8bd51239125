import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import {
  apiError,
  choose,
  click,
  eventually,
  settle,
  type,
  downloadRecorder,
  areaHarness,
  plannedAnswers,
} from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { Invoice, PaymentMethod, Payout, PayoutEligibility, Wallet } from '@tunehouse/contracts';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

// ApexCharts needs a real SVG DOM; the payouts do not look at the chart.
vi.mock('../wallet/earnings-chart.js', () => ({ default: () => <div data-testid="earnings-chart" /> }));

const { open: openArea, unmountArea } = areaHarness(area);
let toasts: { message: string; level: string }[] = [];
afterEach(unmountArea);

/** What the page saved through a download link (jsdom has no object URLs and does not download). */
const downloads = downloadRecorder();
const { saved } = downloads;
beforeEach(downloads.start);
afterEach(downloads.stop);

const METHOD: PaymentMethod = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'BANK_ACCOUNT',
  holderName: 'Mara Lindqvist',
  maskedIban: 'SE•• •••• 7466',
  last4: '7466',
  bic: null,
  country: 'SE',
  holderReview: 'MATCHED',
  createdAt: '2026-11-01T10:00:00.000Z',
  heldUntil: null,
};
/** A bank account added a moment ago: on hold for payouts until tomorrow (decision 0060). */
const HELD_UNTIL = new Date(Date.now() + 86_400_000);
const NEW_METHOD: PaymentMethod = {
  ...METHOD,
  id: '55555555-5555-4555-8555-555555555555',
  maskedIban: 'DE•• •••• 3000',
  last4: '3000',
  country: 'DE',
  heldUntil: HELD_UNTIL.toISOString(),
};
const pad = (n: number) => String(n).padStart(2, '0');
/** How the page writes the hold's end: the reader's own date and time. */
const HOLD_TEXT = `Payouts to this account are possible from ${pad(HELD_UNTIL.getDate())}-${pad(HELD_UNTIL.getMonth() + 1)}-${HELD_UNTIL.getFullYear()} ${pad(HELD_UNTIL.getHours())}:${pad(HELD_UNTIL.getMinutes())}`;
const INVOICE_ID = '22222222-2222-4222-8222-222222222222';
const PAYOUT: Payout = {
  id: '33333333-3333-4333-8333-333333333333',
  amount: 25_000,
  currency: 'EUR',
  status: 'SETTLED',
  paymentMethod: { id: METHOD.id, kind: 'BANK_ACCOUNT', maskedIban: METHOD.maskedIban },
  invoiceId: INVOICE_ID,
  failureReason: null,
  requestedAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:01.000Z',
  settledAt: '2026-11-20T10:00:11.000Z',
  reversedAt: null,
};
const WALLET: Wallet = {
  available: 50_000,
  held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
  currency: 'EUR',
  lastClosedPeriod: null,
  lifetimeEarnings: 75_000,
};
const ELIGIBLE: PayoutEligibility = {
  minimumAmount: 1_000,
  available: 50_000,
  currency: 'EUR',
  secondStepRequired: false,
  blockers: [],
};

const page = <Item,>(items: Item[]) => ({ items, currentOffset: 0, size: 25, totalItems: items.length });

type Responder = (request: ApiRequest<unknown>) => unknown;

/** The wallet's other reads, answered empty, so each test plans only the payouts. */
const walletReads: Responder = (request) => {
  if (request.path === '/v1/wallet') return WALLET;
  if (request.path === '/v2/wallet/mutations' || request.path === '/v2/reporting/distribution-fees')
    return page([]);
  if (request.path === '/v1/wallet/earnings') return { currency: 'EUR', months: [] };
  if (request.path === '/v1/payment-methods') return { items: [METHOD] };
  if (request.path === '/v2/payouts') return page([PAYOUT]);
  if (request.path === '/v1/payouts/eligibility') return ELIGIBLE;
  return undefined;
};

async function open(url: string, respond: Responder) {
  const { record } = await openArea(url, {
    respond: plannedAnswers((request) => respond(request) ?? walletReads(request)),
  });
  toasts = record.toasts;
  return record.requests;
}

describe('payouts on /wallet', () => {
  it('says why a payout cannot be requested, with where to fix it', async () => {
    await open('/wallet', (request) =>
      request.path === '/v1/payouts/eligibility'
        ? { ...ELIGIBLE, available: 500, blockers: ['IDENTITY_NOT_VERIFIED', 'BELOW_MINIMUM'] }
        : undefined,
    );
    const reasons = await eventually(() =>
      screen.getByRole('list', { name: 'Why you cannot request a payout yet' }),
    );
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Payouts need a verified identity. Verify your identity',
      'Your available balance is below the minimum payout. The minimum is €10.00.',
    ]);
    expect(within(reasons).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(
      '/account/verify',
    );
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('says a balance below zero is a correction’s debt that the next royalties cover, and offers no payout', async () => {
    // docs/decisions/0078-corrections-and-negative-balances.md
    await open('/wallet', (request) => {
      if (request.path === '/v1/wallet') return { ...WALLET, available: -1_312 };
      if (request.path === '/v1/payouts/eligibility')
        return { ...ELIGIBLE, available: -1_312, blockers: ['NEGATIVE_BALANCE'] };
      return undefined;
    });
    const reasons = await eventually(() =>
      screen.getByRole('list', { name: 'Why you cannot request a payout yet' }),
    );
    expect(within(reasons).getByRole('listitem').textContent).toBe(
      'Your balance is below zero: a platform took back royalties it had paid (a correction). Your next ' +
        'royalties cover it first; payouts open again once the balance is above zero.',
    );
    expect(screen.getByRole('note').textContent).toContain('You owe €13.12');
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('requests a payout in cents with an Idempotency-Key and the authenticator code, and lists payouts', async () => {
    const requests = await open('/wallet', (request) => {
      if (request.path === '/v1/payouts/eligibility') return { ...ELIGIBLE, secondStepRequired: true };
      if (request.method === 'POST' && request.path === '/v1/payouts')
        return { ...PAYOUT, id: '44444444-4444-4444-8444-444444444444', amount: 1_250, status: 'SENT' };
      return undefined;
    });
    const table = await eventually(() => screen.getByRole('table', { name: 'Payouts' }));
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Paid');
    expect(within(table).getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe(
      `/wallet/invoices/${INVOICE_ID}/view`,
    );

    await click(await eventually(() => screen.getByRole('button', { name: 'Request payout' })));
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Request payout' }));
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('500.00');
    await type(within(dialog).getByLabelText(/Amount/), '12,50');
    await click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(within(dialog).getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await eventually(() => expect(screen.queryByRole('dialog', { name: 'Request payout' })).toBeNull());

    const sent = requests.find((request) => request.method === 'POST' && request.path === '/v1/payouts');
    expect(sent?.body).toEqual({ amount: 1_250, paymentMethodId: METHOD.id, otp: '123456' });
    expect(sent?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts).toContainEqual(
      expect.objectContaining({ message: 'Payout of €12.50 requested.', level: 'SUCCESS' }),
    );
  });

  it('shows the API’s refusal and sends the next try under a new key', async () => {
    const requests = await open('/wallet', (request) => {
      if (request.path === '/v1/payouts/eligibility') return ELIGIBLE;
      if (request.method === 'POST' && request.path === '/v1/payouts')
        throw apiError(
          409,
          'The balance is too low: 100.00 available, 400.00 short',
          undefined,
          'INSUFFICIENT_FUNDS',
        );
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Request payout' })));
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Request payout' }));
    await click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await eventually(() =>
      within(dialog).getByText('The balance is too low: 100.00 available, 400.00 short'),
    );
    await click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await settle(50);
    const keys = requests
      .filter((request) => request.method === 'POST' && request.path === '/v1/payouts')
      .map((request) => request.headers?.['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('/wallet/invoices/{id}/{extra}', () => {
  it('shows the invoice and downloads its PDF', async () => {
    const invoice: Invoice = {
      id: INVOICE_ID,
      number: '2026-000042',
      payoutId: PAYOUT.id,
      issuedAt: '2026-11-20T10:00:00.000Z',
      currency: 'EUR',
      supplier: {
        legalName: 'Mara Lindqvist',
        tradingName: 'Harbour Lane Records',
        addressLine: 'Södra Förstadsgatan 1',
        postalCode: '211 43',
        city: 'Malmö',
        country: 'SE',
        vatId: null,
      },
      customer: { name: 'Harbour Music B.V.', addressLines: ['Keizersgracht 2'], vatId: 'NL888888888B01' },
      lines: [{ description: 'Royalties paid out', amount: 25_000 }],
      total: 25_000,
      vatNote: 'No VAT charged: the supplier has not declared a VAT registration.',
      cancelledAt: null,
    };
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const requests = await open(`/wallet/invoices/${INVOICE_ID}/view`, (request) => {
      if (request.path === `/v1/wallet/invoices/${INVOICE_ID}`) return invoice;
      if (request.path === `/v1/wallet/invoices/${INVOICE_ID}/pdf`) return pdf;
      return undefined;
    });
    await eventually(() => screen.getByRole('heading', { name: 'Invoice 2026-000042' }));
    expect(screen.getByRole('table', { name: 'Invoice lines' }).textContent).toContain('€250.00');
    // The verified legal name, the trading name as such, and the operator with its VAT id (decision 0062).
    expect(screen.getByRole('region', { name: 'Supplier' }).textContent).toContain(
      'Mara Lindqvisttrading as Harbour Lane Records',
    );
    expect(screen.getByRole('region', { name: 'Customer' }).textContent).toContain('VAT id NL888888888B01');
    await click('Download PDF');
    await eventually(() => expect(saved).toEqual([{ blob: pdf, name: 'invoice-2026-000042.pdf' }]));
    expect(requests.find((request) => request.path.endsWith('/pdf'))?.responseType).toBe('blob');
  });
});

describe('/account/billing', () => {
  it('adds a bank account and shows the API’s IBAN error on its field', async () => {
    let attempts = 0;
    const requests = await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details' && request.method === 'GET') return { billingDetails: null };
      if (request.method === 'POST' && request.path === '/v1/payment-methods') {
        attempts += 1;
        if (attempts === 1)
          throw apiError(400, 'The request body is invalid', [
            { path: ['body', 'iban'], message: 'This IBAN has a typo: its check digits do not match' },
          ]);
        return METHOD;
      }
      return undefined;
    });
    const form = await eventually(() => screen.getByRole('form', { name: 'Add a bank account' }));
    await type(within(form).getByLabelText('Account holder'), 'Mara Lindqvist');
    await type(within(form).getByLabelText('IBAN'), 'SE45 5000 0000 0583 9825 7467');
    await choose(within(form).getByLabelText('Country of the account'), 'SE');
    await type(within(form).getByLabelText('Your password'), 'correct horse battery staple');
    await click(within(form).getByRole('button', { name: 'Add bank account' }));
    await eventually(() => within(form).getByText('This IBAN has a typo: its check digits do not match'));
    await type(within(form).getByLabelText('IBAN'), 'SE45 5000 0000 0583 9825 7466');
    await click(within(form).getByRole('button', { name: 'Add bank account' }));
    await eventually(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          message: 'The bank account is added. You will get an e-mail about it.',
          level: 'SUCCESS',
        }),
      ),
    );
    const added = requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payment-methods',
    );
    expect(added.at(-1)?.body).toEqual({
      kind: 'BANK_ACCOUNT',
      holderName: 'Mara Lindqvist',
      iban: 'SE45 5000 0000 0583 9825 7466',
      country: 'SE',
      password: 'correct horse battery staple',
    });
    expect(screen.getByRole('list', { name: 'Bank accounts' }).textContent).toContain('SE•• •••• 7466');
  });

  it('asks the password again, showing the API’s answer at the field and the lock’s message', async () => {
    let attempts = 0;
    await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details' && request.method === 'GET') return { billingDetails: null };
      if (request.method === 'POST' && request.path === '/v1/payment-methods') {
        attempts += 1;
        if (attempts === 1)
          throw apiError(
            400,
            'The password is wrong',
            [{ path: ['body', 'password'], message: 'The password is wrong' }],
            'INVALID_CREDENTIALS',
          );
        throw apiError(
          429,
          'Payouts and changes to payout methods are paused after too many wrong codes or passwords; try again in 15 minutes',
          undefined,
          'MONEY_ACTIONS_LOCKED',
        );
      }
      return undefined;
    });
    const form = await eventually(() => screen.getByRole('form', { name: 'Add a bank account' }));
    await type(within(form).getByLabelText('Account holder'), 'Mara Lindqvist');
    await type(within(form).getByLabelText('IBAN'), 'SE45 5000 0000 0583 9825 7466');
    await choose(within(form).getByLabelText('Country of the account'), 'SE');
    await type(within(form).getByLabelText('Your password'), 'a guess');
    await click(within(form).getByRole('button', { name: 'Add bank account' }));
    const field = within(form).getByLabelText('Your password');
    await eventually(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('The password is wrong').length).toBeGreaterThan(0);
    await click(within(form).getByRole('button', { name: 'Add bank account' }));
    await eventually(() =>
      within(form).getByText(
        'Payouts and changes to payout methods are paused after too many wrong codes or passwords; try again in 15 minutes',
      ),
    );
  });

  it('asks an account with an authenticator for its code instead of the password', async () => {
    const requests = await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details' && request.method === 'GET') return { billingDetails: null };
      if (request.path === '/v1/payouts/eligibility') return { ...ELIGIBLE, secondStepRequired: true };
      if (request.method === 'POST' && request.path === '/v1/payment-methods') return NEW_METHOD;
      return undefined;
    });
    const form = await eventually(() => screen.getByRole('form', { name: 'Add a bank account' }));
    const code = await eventually(() => within(form).getByLabelText('Authenticator code'));
    expect(within(form).queryByLabelText('Your password')).toBeNull();
    await type(within(form).getByLabelText('Account holder'), 'Mara Lindqvist');
    await type(within(form).getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    await choose(within(form).getByLabelText('Country of the account'), 'DE');
    await type(code, '123456');
    await click(within(form).getByRole('button', { name: 'Add bank account' }));
    await eventually(() =>
      expect(
        requests.find((request) => request.method === 'POST' && request.path === '/v1/payment-methods')?.body,
      ).toMatchObject({ otp: '123456' }),
    );
  });

  it('says in the list when a newly added account takes payouts', async () => {
    await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details' && request.method === 'GET') return { billingDetails: null };
      if (request.path === '/v1/payment-methods') return { items: [METHOD, NEW_METHOD] };
      return undefined;
    });
    const accounts = await eventually(() => screen.getByRole('list', { name: 'Bank accounts' }));
    const items = within(accounts).getAllByRole('listitem');
    expect(items[0]?.textContent).not.toContain('possible from');
    expect(items[1]?.textContent).toContain(`DE•• •••• 3000. ${HOLD_TEXT}.`);
  });

  it('chooses an account that takes payouts now in the payout dialog, and says when a held one will', async () => {
    await open('/wallet', (request) =>
      request.path === '/v1/payment-methods' ? { items: [NEW_METHOD, METHOD] } : undefined,
    );
    await click(await eventually(() => screen.getByRole('button', { name: 'Request payout' })));
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Request payout' }));
    const payTo = within(dialog).getByLabelText('Pay to') as HTMLSelectElement;
    // The account that takes payouts now is chosen; the held one says so, and when its hold ends.
    expect(payTo.value).toBe(METHOD.id);
    expect([...payTo.options].map((option) => option.text)).toEqual([
      'Mara Lindqvist, DE•• •••• 3000 (on hold)',
      'Mara Lindqvist, SE•• •••• 7466',
    ]);
    await choose(payTo, NEW_METHOD.id);
    expect(dialog.textContent).toContain(HOLD_TEXT);
  });

  it('removes a bank account only once asked, and keeps the dialog open with the API’s reason when refused', async () => {
    let methods = [METHOD];
    let deletes = 0;
    const requests = await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details') return { billingDetails: null };
      if (request.method === 'GET' && request.path === '/v1/payment-methods') return { items: methods };
      if (request.method === 'DELETE' && request.path === `/v1/payment-methods/${METHOD.id}`) {
        deletes += 1;
        if (deletes === 1) throw apiError(409, 'A payout on its way still goes to this bank account');
        methods = [];
        return {};
      }
      return undefined;
    });
    const accounts = await eventually(() => screen.getByRole('list', { name: 'Bank accounts' }));
    expect(accounts.textContent).toBe('Mara Lindqvist, SE•• •••• 7466 Remove');
    await click(within(accounts).getByRole('button', { name: 'Remove SE•• •••• 7466' }));
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Remove this bank account?' }));
    expect(dialog.textContent).toContain(
      'Payouts already made to SE•• •••• 7466 keep naming it; new payouts cannot go to it.',
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await click(within(dialog).getByRole('button', { name: 'Remove' }));
    await eventually(() => within(dialog).getByText('A payout on its way still goes to this bank account'));
    await click(within(dialog).getByRole('button', { name: 'Remove' }));
    await eventually(() => expect(screen.getByText('No bank account yet.')).toBeTruthy());
    expect(screen.queryByRole('dialog', { name: 'Remove this bank account?' })).toBeNull();
    expect(screen.queryByText('A payout on its way still goes to this bank account')).toBeNull();
    expect(deletes).toBe(2);
  });
});
