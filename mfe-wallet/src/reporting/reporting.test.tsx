import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { apiError, areaHarness, choose, click, eventually, plannedAnswers } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type {
  DistributionFeeReportItem,
  LicenseReportItem,
  StreamCollectionItem,
  Wallet,
} from '@tunehouse/contracts';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

const { open: openArea, unmountArea } = areaHarness(area);
afterEach(unmountArea);

const ALBUM = '8b1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
const OTHER = '9c1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
const FEE = '1d1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
const SETTLED_FEE = '2e1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';

const wallet: Wallet = {
  available: 0,
  held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
  currency: 'EUR',
  lastClosedPeriod: null,
  lifetimeEarnings: 0,
};
const STANDARD = {
  id: 'STANDARD' as const,
  share: 10_000,
  distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
};
const album = (id: string, title: string) => ({
  id,
  title,
  version: null,
  barcode: null,
  artists: [],
  isCollaboration: false,
});

const licences: LicenseReportItem[] = [
  {
    id: 'l1',
    albumId: ALBUM,
    termsAcceptedAt: '2026-02-01T10:00:00.000Z',
    ownershipConfirmedAt: '2026-02-01T10:00:00.000Z',
    paymentPlan: STANDARD,
    status: 'ACTIVE',
    startsAt: '2026-02-10',
    endsAt: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    album: album(ALBUM, 'Lanterns'),
  },
  {
    id: 'l2',
    albumId: OTHER,
    termsAcceptedAt: '2025-07-01T10:00:00.000Z',
    ownershipConfirmedAt: '2025-07-01T10:00:00.000Z',
    paymentPlan: { id: 'FREE_DISTRIBUTION', share: 8_500, distributionFee: null },
    status: 'CANCELED',
    startsAt: '2025-07-01',
    endsAt: '2026-03-01',
    createdAt: '2025-07-01T10:00:00.000Z',
    album: album(OTHER, 'Northern Static'),
  },
];

function fee(overrides: Partial<DistributionFeeReportItem>): DistributionFeeReportItem {
  return {
    id: FEE,
    issuedAt: '2026-02-10',
    expiresAt: '2027-02-10',
    settledAt: null,
    isCurrent: true,
    isSettled: false,
    sequenceNumber: 1,
    collectionStartedAt: '2026-02-10',
    collectionEndedAt: null,
    numberOfStreams: 7_000,
    numberOfStreamsCollected: 2_500,
    numberOfStreamsRemaining: 4_500,
    license: licences[0]!,
    album: album(ALBUM, 'Lanterns'),
    ...overrides,
  };
}
const fees = [
  fee({}),
  fee({
    id: SETTLED_FEE,
    isSettled: true,
    settledAt: '2026-07-31T23:59:59.000Z',
    collectionEndedAt: '2026-07-31T23:59:59.000Z',
    numberOfStreamsCollected: 7_000,
    numberOfStreamsRemaining: 0,
    album: album(OTHER, 'Northern Static'),
  }),
];
const collections: StreamCollectionItem[] = [
  {
    origin: 'ROYALTIES',
    numberOfStreamsCollected: 2_000,
    numStreams: 2_000,
    royaltyCollected: 6_000_000,
    collectedAt: '2026-02-28T23:59:59.000Z',
    periodMonth: '2026-02',
  },
  {
    origin: 'BALANCE',
    numberOfStreamsCollected: 500,
    numStreams: 500,
    royaltyCollected: 1_500_000,
    collectedAt: '2026-03-04T09:00:00.000Z',
    periodMonth: null,
  },
];
const page = <Item,>(items: Item[]) => ({ items, currentOffset: 0, size: 25, totalItems: items.length });

type Responder = (request: ApiRequest<unknown>) => unknown;

function answers(overrides: Record<string, Responder> = {}): Responder {
  return (request) => {
    const override = overrides[request.path];
    if (override) return override(request);
    if (request.path === '/v1/wallet') return wallet;
    if (request.path === '/v1/reporting/plans/standard') return STANDARD;
    if (request.path === '/v2/reporting/licenses') return page(licences);
    if (request.path === '/v2/reporting/distribution-fees') return page(fees);
    if (request.path === `/v1/reporting/distribution-fees/${FEE}/collections`) return collections;
    if (request.path === `/v1/reporting/distribution-fees/${SETTLED_FEE}/collections`) return [];
    return undefined;
  };
}

async function open(respond: Responder) {
  const { record } = await openArea('/wallet/reporting', { respond: plannedAnswers(respond) });
  return record.requests;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/wallet/reporting', () => {
  it('shows the plan, the licences per release and every fee, settled or not', async () => {
    const requests = await open(answers());
    const plan = screen.getByRole('region', { name: 'Your plan' });
    await eventually(() => expect(plan.textContent).toContain('Standard plan'));
    expect(plan.textContent).toContain('You keep 100% of your royalties');
    expect(plan.textContent).toContain('7,000 streams a year (at most €21.00)');

    const table = await eventually(() => screen.getByRole('table', { name: 'Licences' }));
    expect(rowsOf(table)).toEqual([
      ['Release', 'Plan↕', 'Status↕', 'Starts↕', 'Ends↕', 'Accepted▼'],
      ['Lanterns', 'Standard · keeps 100%', 'Active', '10-02-2026', '—', '01-02-2026'],
      [
        'Northern Static',
        'Free distribution · keeps 85%',
        'Ended (taken down)',
        '01-07-2025',
        '01-03-2026',
        '01-07-2025',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'Lanterns' }).getAttribute('href')).toBe(
      `/albums/${ALBUM}`,
    );

    // Every fee: no `settled` filter, unlike the wallet page's.
    const feeCall = requests.find((request) => request.path === '/v2/reporting/distribution-fees');
    expect(feeCall?.query).not.toHaveProperty('settled');
    const list = screen.getByRole('list', { name: 'Distribution fees' });
    const [collecting, settled] = within(list).getAllByRole('listitem');
    expect(collecting!.textContent).toContain('2,500 of 7,000 streams collected, 4,500 remaining');
    expect(collecting!.textContent).toContain('Collecting until 10-02-2027');
    expect(settled!.textContent).toContain('7,000 of 7,000 streams collected, 0 remaining');
    expect(settled!.textContent).toContain('Settled on 31-07-2026');
  });

  it('sorts the licences through the call’s order_by and order', async () => {
    const requests = await open(answers());
    const table = await eventually(() => screen.getByRole('table', { name: 'Licences' }));
    await click(within(table).getByRole('button', { name: /^Plan/ }));
    await eventually(() =>
      expect(requests.at(-1)?.query).toMatchObject({ order_by: 'payment_plan', order: 'asc' }),
    );
    expect(within(table).getByRole('columnheader', { name: /^Plan/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await click(within(table).getByRole('button', { name: /^Plan/ }));
    await eventually(() =>
      expect(requests.at(-1)?.query).toMatchObject({ order_by: 'payment_plan', order: 'desc' }),
    );
    // The phone's sort selects ask the same call.
    await choose(screen.getByLabelText('Sort licences by'), 'starts_at');
    await eventually(() =>
      expect(requests.at(-1)?.query).toMatchObject({ order_by: 'starts_at', order: 'desc' }),
    );
  });

  it('opens a fee’s stream-collection entries: origin, streams, royalty and date', async () => {
    const requests = await open(answers());
    const list = await eventually(() => screen.getByRole('list', { name: 'Distribution fees' }));
    const [first, second] = within(list).getAllByRole('listitem');
    const show = within(first!).getByRole('button', { name: 'Show the streams that paid this fee' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(requests.some((request) => request.path.endsWith('/collections'))).toBe(false);
    await click(show);
    const table = await eventually(() =>
      screen.getByRole('table', { name: 'Stream collections of Lanterns' }),
    );
    expect(rowsOf(table)).toEqual([
      ['Date', 'Paid from', 'Streams', 'Royalty collected'],
      ['28-02-2026', 'Royalties, February 2026', '2,000', '€6.00'],
      ['04-03-2026', 'Wallet balance', '500', '€1.50'],
    ]);
    await click(within(second!).getByRole('button', { name: 'Show the streams that paid this fee' }));
    await eventually(() =>
      expect(second!.textContent).toContain('No streams have been collected for this fee yet.'),
    );
  });

  it('says so when there is nothing yet', async () => {
    await open(
      answers({
        '/v2/reporting/licenses': () => page([]),
        '/v2/reporting/distribution-fees': () => page([]),
      }),
    );
    await eventually(() => screen.getByText('No licence yet: publishing a release makes its licence.'));
    expect(
      screen.getByText("No distribution fee yet: a release's first fee is issued on its release date."),
    ).toBeTruthy();
  });

  it('a part that fails says so with a way to try again; the others still show', async () => {
    let fail = true;
    await open(
      answers({
        '/v2/reporting/licenses': () => {
          if (fail) throw apiError(500, 'Server error');
          return page(licences);
        },
      }),
    );
    const retry = await eventually(() => screen.getByRole('button', { name: /try again/i }));
    await eventually(() => screen.getByRole('list', { name: 'Distribution fees' }));
    fail = false;
    await click(retry);
    await eventually(() => screen.getByRole('table', { name: 'Licences' }));
  });
});

describe('/wallet', () => {
  it('links to the reporting screen', async () => {
    await openArea('/wallet', {
      respond: plannedAnswers((request) => {
        if (request.path === '/v1/wallet') return wallet;
        if (request.path === '/v1/wallet/earnings') return { currency: 'EUR', months: [] };
        if (request.path === '/v2/wallet/mutations') return page([]);
        if (request.path === '/v2/reporting/distribution-fees') return page([]);
        return undefined;
      }),
    });
    const link = await eventually(() =>
      screen.getByRole('link', { name: 'Licences and all fees, with the streams that paid them' }),
    );
    expect(link.getAttribute('href')).toBe('/wallet/reporting');
  });
});
