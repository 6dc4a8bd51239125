import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { areaHarness, click, fakeApi } from '@tunehouse/testing';
import { area } from './area.js';
import { albumJson, reviewJson } from './testing/fixtures.js';
import { goToCheckout } from '@tunehouse/area-kit';

// Leaving the site for the payment provider's checkout cannot be followed in a test: it is recorded instead.
// Leaving for the provider's checkout is recorded, not followed (jsdom cannot leave the page).
vi.mock('@tunehouse/area-kit', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  goToCheckout: vi.fn(),
}));

const { open, unmountArea } = areaHarness(area);

vi.setConfig({ testTimeout: 30_000 });
afterEach(unmountArea);

const STANDARD = {
  id: 'STANDARD',
  share: 10_000,
  distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
};
const LICENCE = {
  id: 'licence-1',
  albumId: 'album-1',
  termsAcceptedAt: '2026-02-01T12:00:00Z',
  paymentPlan: STANDARD,
};

function feeJson(collected: number, overrides: Record<string, unknown> = {}) {
  const remaining = 7_000 - collected;
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
    numberOfStreamsCollected: collected,
    numberOfStreamsRemaining: remaining,
    license: LICENCE,
    settlementRequiredForTakedown: remaining > 0,
    settlementOffer:
      remaining > 0
        ? {
            referenceDate: '2026-11-25',
            numberOfStreams: 7_000,
            numberOfStreamsRemaining: remaining,
            pricePerStream: 3_000,
            amountDue: Math.ceil((remaining * 3_000) / 10_000),
          }
        : null,
    ...overrides,
  };
}

const live = albumJson({ status: 'PUBLISHED', reviewStatus: 'LIVE', platforms: ['SPOTIFY'] });
const platforms = [
  { id: 'SPOTIFY', name: 'Spotify', current: { status: 'LIVE', action: 'DELIVER' }, pending: null },
];

describe('the distribution page’s fee', () => {
  it('shows the plan, the streams collected and the offer; taking down pays the amount shown', async () => {
    const takedowns: ApiRequest<unknown>[] = [];
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': live,
        'GET /v1/albums/album-1/platforms': platforms,
        'GET /v1/albums/album-1/distribution-fee': feeJson(4_210),
        'DELETE /v1/albums/album-1': (request: ApiRequest<unknown>) => {
          takedowns.push(request);
          return undefined;
        },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Licence and distribution fee' });
    await waitFor(() => expect(card.textContent).toContain('4,210 of 7,000 streams'));
    expect(card.textContent).toContain('Standard plan.');
    expect(card.textContent).toContain('You keep all of your royalties');
    expect(card.textContent).toContain('Taking the release down now costs €8.37');
    expect(within(card).getByRole('progressbar')).toHaveProperty('value', 4_210);

    await click('Take down');
    const dialog = await screen.findByRole('dialog', { name: 'Take the release down?' });
    await waitFor(() => expect(dialog.textContent).toContain('€8.37'));
    await click(within(dialog).getByRole('button', { name: 'Pay and take down' }));
    await waitFor(() => expect(takedowns).toHaveLength(1));
    expect(takedowns[0]?.query).toMatchObject({ expected_amount_due: 837 });
  });

  it('offers to pay by card when the balance is short, and sends the browser to the checkout', async () => {
    const payments: ApiRequest<unknown>[] = [];
    const checkoutUrl = 'http://localhost:3000/v1/simulator/checkout/55555555-5555-4555-8555-555555555555';
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': live,
        'GET /v1/albums/album-1/platforms': platforms,
        'GET /v1/albums/album-1/distribution-fee': feeJson(4_210),
        'GET /v1/wallet': {
          available: 500,
          held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
          currency: 'EUR',
          lastClosedPeriod: null,
          lifetimeEarnings: 500,
        },
        'POST /v1/payments': (request: ApiRequest<unknown>) => {
          payments.push(request);
          return {
            id: '55555555-5555-4555-8555-555555555555',
            purpose: 'TAKEDOWN',
            albumId: 'album-1',
            status: 'PENDING',
            amount: 837,
            currency: 'EUR',
            checkoutUrl,
            failureReason: null,
            result: null,
            resultNote: null,
            createdAt: '2026-11-25T10:00:00.000Z',
            settledAt: null,
          };
        },
      }),
    });
    await click(await screen.findByRole('button', { name: 'Take down' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the release down?' });
    await waitFor(() => expect(dialog.textContent).toContain('Your balance is €5.00, not enough'));
    await click(within(dialog).getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(checkoutUrl));
    expect(payments[0]?.body).toEqual({ purpose: 'TAKEDOWN', albumId: 'album-1', amount: 837 });
    expect(payments[0]?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes the fee in the platform currency the wallet names', async () => {
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': live,
        'GET /v1/albums/album-1/platforms': platforms,
        'GET /v1/albums/album-1/distribution-fee': feeJson(4_210),
        'GET /v1/wallet': {
          available: 0,
          held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
          currency: 'USD',
          lastClosedPeriod: null,
          lifetimeEarnings: 0,
        },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Licence and distribution fee' });
    await waitFor(() => expect(card.textContent).toContain('Taking the release down now costs US$8.37'));
    expect(card.textContent).toContain('at US$0.003 a stream');
    expect(card.textContent).not.toContain('€');
  });

  it('reads a 204 as a release without a fee', async () => {
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': live,
        'GET /v1/albums/album-1/platforms': platforms,
        'GET /v1/albums/album-1/distribution-fee': undefined,
      }),
    });
    const card = await screen.findByRole('region', { name: 'Licence and distribution fee' });
    await waitFor(() => expect(card.textContent).toContain('No distribution fee'));
  });

  it('says when a fee is settled', async () => {
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': live,
        'GET /v1/albums/album-1/platforms': platforms,
        'GET /v1/albums/album-1/distribution-fee': feeJson(7_000, {
          isSettled: true,
          settledAt: '2026-08-01T10:00:00Z',
        }),
      }),
    });
    const card = await screen.findByRole('region', { name: 'Licence and distribution fee' });
    await waitFor(() => expect(card.textContent).toContain('Settled on 01-08-2026'));
  });
});

describe('the review step’s plan', () => {
  const OPTIONS = [
    { ...STANDARD, available: true, suggested: true, reason: null },
    {
      id: 'EARLY_ADOPTER',
      share: 10_000,
      distributionFee: { numberOfStreams: 3_500, pricePerStream: 3_000 },
      available: false,
      suggested: false,
      reason: 'Only for accounts created before 01-01-2026.',
    },
    { id: 'FREE_DISTRIBUTION', share: 8_500, distributionFee: null, available: true, suggested: false },
    {
      id: 'FREE',
      share: 10_000,
      distributionFee: null,
      available: false,
      suggested: false,
      reason: 'Given by the platform to partners and promotions; it cannot be chosen.',
    },
  ];
  const unpublished = {
    'GET /v1/albums/album-1': albumJson({ platforms: ['SPOTIFY'], releaseDate: '2026-12-24' }),
    'GET /v1/albums/album-1/review': reviewJson(),
    'POST /v1/reporting/licenses/suggestions': { ...LICENCE, id: null, termsAcceptedAt: null },
    'GET /v1/reporting/plans': OPTIONS,
  };
  const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('offers the plans the API allows, each with its share and fee; the others disabled with the API’s reason', async () => {
    await open('/albums/album-1/edit/review?deliver=1', { respond: fakeApi(unpublished) });
    const choice = await screen.findByRole('group', { name: 'Choose a plan' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['STANDARD', 'EARLY_ADOPTER', 'FREE_DISTRIBUTION', 'FREE']);
    // The suggested plan is chosen to begin with, and named beside the other facts.
    expect(radio(/^Standard \(suggested\)/).checked).toBe(true);
    expect(document.querySelector('[data-plan="STANDARD"]')?.textContent).toBe('Standard');
    const standard = choice.querySelector('[data-plan-option="STANDARD"]')?.textContent ?? '';
    expect(standard).toContain('first 7,000 streams');
    expect(standard).toContain('at most €21.00');
    expect(choice.querySelector('[data-plan-option="FREE_DISTRIBUTION"]')?.textContent).toContain(
      'You keep 85% of your royalties (the rest is our commission), and there is no distribution fee.',
    );
    expect(radio(/^Free distribution/).disabled).toBe(false);
    const free = radio(/^Free\b(?! distribution)/);
    expect(free.disabled).toBe(true);
    expect(free.getAttribute('aria-describedby')).toContain('plan-FREE-reason');
    expect(document.getElementById('plan-FREE-reason')?.textContent).toBe(
      'Not available: Given by the platform to partners and promotions; it cannot be chosen.',
    );
    expect(radio(/^Early adopter/).disabled).toBe(true);
    expect(document.getElementById('plan-EARLY_ADOPTER-reason')?.textContent).toContain(
      'Only for accounts created before 01-01-2026.',
    );
  });

  it('publishes on the plan chosen', async () => {
    const { record } = await open('/albums/album-1/edit/review?deliver=1', {
      respond: fakeApi({
        ...unpublished,
        'POST /v1/albums/album-1/publish': albumJson({ status: 'PUBLISHED', reviewStatus: 'SUBMITTED' }),
        'GET /v1/albums/album-1/platforms': [],
      }),
    });
    await screen.findByRole('group', { name: 'Choose a plan' });
    await click(radio(/^Free distribution/));
    expect(document.querySelector('[data-plan="FREE_DISTRIBUTION"]')?.textContent).toBe('Free distribution');
    await click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await click(screen.getByRole('button', { name: 'Deliver to 1 platform' }));
    await waitFor(() =>
      expect(record.requests.find((request) => request.path === '/v1/albums/album-1/publish')?.body).toEqual({
        termsAccepted: true,
        paymentPlan: 'FREE_DISTRIBUTION',
      }),
    );
  });

  it('a release that holds a licence keeps it: its plan in words, no choice offered', async () => {
    const { record } = await open('/albums/album-1/edit/review?deliver=1', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ platforms: ['SPOTIFY'], releaseDate: '2026-12-24' }),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/reporting/licenses/suggestions': LICENCE,
      }),
    });
    await waitFor(() =>
      expect(document.querySelector('[data-plan="STANDARD"]')?.textContent).toBe('Standard'),
    );
    const terms = document.querySelector('[data-plan-terms]')?.textContent ?? '';
    expect(terms).toContain('This release keeps its licence');
    expect(terms).toContain('first 7,000 streams');
    expect(screen.queryByRole('group', { name: 'Choose a plan' })).toBeNull();
    expect(record.requests.some((request) => request.path === '/v1/reporting/plans')).toBe(false);
  });
});
