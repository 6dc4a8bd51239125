import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { apiError, click, eventually, areaHarness, plannedAnswers } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { Payment, PaymentMethodSetup } from '@tunehouse/contracts';
import { area } from '../area.js';
import { goToCheckout } from '@tunehouse/area-kit';

vi.setConfig({ testTimeout: 30_000 });

// Leaving the site for the provider's checkout is the one thing a test cannot follow: it is recorded instead.
// Leaving for the provider's checkout is recorded, not followed (jsdom cannot leave the page).
vi.mock('@tunehouse/area-kit', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  goToCheckout: vi.fn(),
}));

const { open: openArea, unmountArea } = areaHarness(area);
let toasts: { message: string; level: string }[] = [];
afterEach(() => {
  unmountArea();
  vi.mocked(goToCheckout).mockClear();
});

const ID = '55555555-5555-4555-8555-555555555555';
const ALBUM = '66666666-6666-4666-8666-666666666666';
const PAYMENT: Payment = {
  id: ID,
  purpose: 'TAKEDOWN',
  albumId: ALBUM,
  status: 'PENDING',
  amount: 2_100,
  currency: 'EUR',
  checkoutUrl: `http://localhost:3000/v1/simulator/checkout/${ID}`,
  failureReason: null,
  result: null,
  resultNote: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  settledAt: null,
};

type Responder = (request: ApiRequest<unknown>) => unknown;

async function open(url: string, respond: Responder) {
  const { record } = await openArea(url, { respond: plannedAnswers(respond) });
  toasts = record.toasts;
  return record.requests;
}

describe('/payments/complete', () => {
  it('waits for the provider while PENDING, asking again every 2 s, then says the release was taken down', async () => {
    let answer: Payment = PAYMENT;
    const requests = await open(`/payments/complete?payment_id=${ID}`, (request) =>
      request.path === `/v1/payments/${ID}` ? answer : undefined,
    );
    const waiting = await eventually(() => screen.getByText(/Waiting for the payment provider/));
    expect(waiting.getAttribute('role')).toBe('status');
    expect(waiting.textContent).toContain('€21.00');
    answer = {
      ...PAYMENT,
      status: 'SUCCEEDED',
      checkoutUrl: null,
      result: 'TAKEN_DOWN',
      resultNote: '21.00 EUR paid the settlement; the release was taken down',
      settledAt: '2026-11-25T10:00:05.000Z',
    };
    const done = await eventually(() => screen.getByText(/your release was taken down/), 5_000);
    expect(done.textContent).toContain('Payment of €21.00 received');
    expect(requests.filter((request) => request.path === `/v1/payments/${ID}`).length).toBeGreaterThan(1);
    expect(screen.queryByText(/Waiting for the payment provider/)).toBeNull();
  });

  it('says when the money stayed in the wallet instead', async () => {
    await open(`/payments/complete?payment_id=${ID}`, () => ({
      ...PAYMENT,
      status: 'SUCCEEDED',
      checkoutUrl: null,
      result: 'KEPT_IN_WALLET',
      resultNote: 'The release was taken down already.',
      settledAt: '2026-11-25T10:00:05.000Z',
    }));
    const note = await eventually(() => screen.getByText(/added to your wallet/));
    expect(note.textContent).toContain('The release was taken down already.');
    expect(screen.getByRole('link', { name: 'Open the wallet' }).getAttribute('href')).toBe('/wallet');
  });

  it('FAILED: gives the reason, and Try again starts a new payment at the amount due now and opens its checkout', async () => {
    const retried = { ...PAYMENT, id: '77777777-7777-4777-8777-777777777777', amount: 1_800 };
    const requests = await open(`/payments/complete?payment_id=${ID}`, (request) => {
      if (request.path === `/v1/payments/${ID}`)
        return {
          ...PAYMENT,
          status: 'FAILED',
          checkoutUrl: null,
          failureReason: 'Simulated decline: the card holder declined the payment',
          settledAt: '2026-11-25T10:00:05.000Z',
        };
      if (request.path === `/v1/albums/${ALBUM}/distribution-fee`)
        return {
          issuedAt: '2026-10-27',
          expiresAt: '2027-10-27',
          settledAt: null,
          isCurrent: true,
          isSettled: false,
          sequenceNumber: 1,
          collectionStartedAt: '2026-10-27',
          collectionEndedAt: null,
          numberOfStreams: 7_000,
          numberOfStreamsCollected: 1_000,
          numberOfStreamsRemaining: 6_000,
          license: {
            id: 'licence-1',
            albumId: ALBUM,
            termsAcceptedAt: '2026-02-01T12:00:00Z',
            paymentPlan: {
              id: 'STANDARD',
              share: 10_000,
              distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
            },
          },
          settlementRequiredForTakedown: true,
          settlementOffer: {
            referenceDate: '2026-11-25',
            numberOfStreams: 7_000,
            numberOfStreamsRemaining: 6_000,
            pricePerStream: 3_000,
            amountDue: 1_800,
          },
        };
      if (request.method === 'POST' && request.path === '/v1/payments') return retried;
      return undefined;
    });
    await eventually(() => screen.getByText(/the card holder declined the payment/));
    await click(screen.getByRole('button', { name: 'Try again' }));
    await eventually(() => expect(goToCheckout).toHaveBeenCalledWith(retried.checkoutUrl));
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/v1/payments');
    expect(sent?.body).toEqual({ purpose: 'TAKEDOWN', albumId: ALBUM, amount: 1_800 });
    expect(sent?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refused new try, and a link that names no payment', async () => {
    await open(`/payments/complete?payment_id=${ID}`, (request) => {
      if (request.path === `/v1/payments/${ID}`)
        return {
          ...PAYMENT,
          status: 'FAILED',
          checkoutUrl: null,
          failureReason: 'Declined',
          settledAt: PAYMENT.createdAt,
        };
      if (request.path === `/v1/albums/${ALBUM}/distribution-fee`) throw apiError(404, 'No such album');
      return undefined;
    });
    await click(await eventually(() => screen.getByRole('button', { name: 'Try again' })));
    await eventually(() => screen.getByText('No such album'));
    expect(goToCheckout).not.toHaveBeenCalled();
    unmountArea();
    await open('/payments/complete', () => undefined);
    await eventually(() => screen.getByText(/This link names no payment/));
  });
});

describe('/payment-methods/complete', () => {
  const SETUP: PaymentMethodSetup = {
    id: ID,
    status: 'PENDING',
    redirectUrl: `http://localhost:3000/v1/simulator/setup/${ID}`,
    paymentMethod: null,
    failureReason: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    decidedAt: null,
  };

  it('waits for the provider while PENDING, then names the card saved', async () => {
    let answer: PaymentMethodSetup = SETUP;
    const requests = await open(`/payment-methods/complete?setup_id=${ID}`, (request) =>
      request.path === `/v1/payment-method-setups/${ID}` ? answer : undefined,
    );
    const waiting = await eventually(() =>
      screen.getByText(/Waiting for the payment provider to confirm your card/),
    );
    expect(waiting.getAttribute('role')).toBe('status');
    answer = {
      ...SETUP,
      status: 'SUCCEEDED',
      redirectUrl: null,
      decidedAt: '2026-11-25T10:01:00.000Z',
      paymentMethod: {
        id: ALBUM,
        kind: 'CARD',
        brand: 'visa',
        last4: '4242',
        expMonth: 8,
        expYear: 2030,
        createdAt: '2026-11-25T10:01:00.000Z',
      },
    };
    await eventually(() => screen.getByText('Card saved: Visa ending 4242, expires 08/2030.'), 5_000);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'See your payment methods' }).getAttribute('href')).toBe(
      '/account/billing',
    );
  });

  it('failed: gives the reason, and Try again opens a new set-up at the provider', async () => {
    const next = { ...SETUP, id: ALBUM, redirectUrl: `http://localhost:3000/v1/simulator/setup/${ALBUM}` };
    const requests = await open(`/payment-methods/complete?setup_id=${ID}`, (request) => {
      if (request.path === `/v1/payment-method-setups/${ID}`)
        return { ...SETUP, status: 'FAILED', redirectUrl: null, failureReason: 'Simulated: cancelled' };
      if (request.method === 'POST' && request.path === '/v1/payment-methods') return { setup: next };
      return undefined;
    });
    await eventually(() => screen.getByText(/The card was not saved: Simulated: cancelled/));
    await click(screen.getByRole('button', { name: 'Try again' }));
    await eventually(() => expect(goToCheckout).toHaveBeenCalledWith(next.redirectUrl));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ kind: 'CARD' });
  });

  it('a link without a set-up id says so and links to billing', async () => {
    await open('/payment-methods/complete?setup_id=x', () => undefined);
    const link = await eventually(() =>
      screen.getByRole('link', { name: 'Go to billing and payment methods' }),
    );
    expect(link.getAttribute('href')).toBe('/account/billing');
    expect(screen.getByText(/This link names no card set-up/)).toBeTruthy();
  });
});

describe('/account/billing cards', () => {
  const card = {
    id: ID,
    kind: 'CARD' as const,
    brand: 'mastercard',
    last4: '4444',
    expMonth: 12,
    expYear: 2029,
    createdAt: '2026-11-25T10:01:00.000Z',
  };

  it('lists cards apart from bank accounts, and Add a card leaves for the provider’s set-up page', async () => {
    const redirectUrl = `http://localhost:3000/v1/simulator/setup/${ALBUM}`;
    const requests = await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details') return { billingDetails: null };
      if (request.method === 'GET' && request.path === '/v1/payment-methods') return { items: [card] };
      if (request.method === 'POST' && request.path === '/v1/payment-methods')
        return {
          setup: {
            id: ALBUM,
            status: 'PENDING',
            redirectUrl,
            paymentMethod: null,
            failureReason: null,
            createdAt: '2026-11-25T10:02:00.000Z',
            decidedAt: null,
          },
        };
      return undefined;
    });
    const cards = await eventually(() => screen.getByRole('list', { name: 'Cards' }));
    expect(cards.textContent).toContain('Mastercard ending 4444, expires 12/2029');
    expect(screen.getByText('No bank account yet.')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Add a card' }));
    await eventually(() => expect(goToCheckout).toHaveBeenCalledWith(redirectUrl));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ kind: 'CARD' });
  });

  it('removes a card once asked, says so, and a cancelled removal removes nothing', async () => {
    let cards = [card];
    const requests = await open('/account/billing', (request) => {
      if (request.path === '/v1/billing-details') return { billingDetails: null };
      if (request.method === 'GET' && request.path === '/v1/payment-methods') return { items: cards };
      if (request.method === 'DELETE' && request.path === `/v1/payment-methods/${ID}`) {
        cards = [];
        return null;
      }
      return undefined;
    });
    const list = await eventually(() => screen.getByRole('list', { name: 'Cards' }));
    const label = 'Mastercard ending 4444, expires 12/2029';
    await click(screen.getByRole('button', { name: `Remove ${label}` }));
    let dialog = await eventually(() => screen.getByRole('dialog', { name: 'Remove this card?' }));
    expect(dialog.textContent).toContain(`${label} will no longer be offered for payments.`);
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await eventually(() => expect(screen.queryByRole('dialog', { name: 'Remove this card?' })).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(list.textContent).toContain(label);

    await click(screen.getByRole('button', { name: `Remove ${label}` }));
    dialog = await eventually(() => screen.getByRole('dialog', { name: 'Remove this card?' }));
    await click(within(dialog).getByRole('button', { name: 'Remove' }));
    await eventually(() => screen.getByText(/No card yet\./));
    expect(screen.queryByRole('list', { name: 'Cards' })).toBeNull();
    expect(toasts).toContainEqual(
      expect.objectContaining({ message: 'The card is removed.', level: 'SUCCESS' }),
    );
  });
});
