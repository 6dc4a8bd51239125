import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import {
  choose,
  click,
  eventually,
  settle,
  downloadRecorder,
  areaHarness,
  plannedAnswers,
} from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type {
  DistributionFeeReportItem,
  Wallet,
  WalletEarnings,
  WalletMutation,
  WalletStatement,
} from '@tunehouse/contracts';
import { area } from '../area.js';
import type { EarningsChartProps } from './earnings-chart.js';

vi.setConfig({ testTimeout: 30_000 });

// ApexCharts needs a real SVG DOM: the lazy chart module is swapped for one that records what it was given.
const charted: EarningsChartProps[] = [];
vi.mock('./earnings-chart.js', () => ({
  default: (props: EarningsChartProps) => {
    charted.push(props);
    return <div data-testid="earnings-chart" />;
  },
}));

const { open: openArea, unmountArea } = areaHarness(area);
let toasts: { message: string; level: string }[] = [];
afterEach(unmountArea);

/** What the page saved through a download link (jsdom has no object URLs and does not download). */
const downloads = downloadRecorder();
const { saved } = downloads;
beforeEach(() => {
  downloads.start();
  charted.length = 0;
});
afterEach(downloads.stop);

const PERIOD = '6f1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
const OLDER_PERIOD = '7a1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';
const ALBUM = '8b1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';

const wallet: Wallet = {
  available: 123_456,
  held: { splitsPendingAcceptance: 2_500, payoutsInFlight: 0 },
  currency: 'EUR',
  lastClosedPeriod: { id: PERIOD, month: '2026-10' },
  lifetimeEarnings: 200_000,
};

let serial = 0;
function mutation(overrides: Partial<WalletMutation>): WalletMutation {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    type: 'ROYALTIES',
    amount: 1_000,
    balanceAfter: 1_000,
    date: '2026-11-02T10:00:00.000Z',
    periodId: null,
    periodMonth: null,
    albumId: null,
    payoutId: null,
    splitId: null,
    ...overrides,
  };
}

const fee: DistributionFeeReportItem = {
  issuedAt: '2026-01-10',
  expiresAt: '2027-01-10',
  settledAt: null,
  isCurrent: true,
  isSettled: false,
  sequenceNumber: 1,
  collectionStartedAt: '2026-01-10',
  collectionEndedAt: null,
  numberOfStreams: 10_000,
  numberOfStreamsCollected: 2_500,
  numberOfStreamsRemaining: 7_500,
  license: {
    id: 'l1',
    albumId: ALBUM,
    termsAcceptedAt: '2026-01-10',
    ownershipConfirmedAt: '2026-01-10',
    paymentPlan: {
      id: 'STANDARD',
      share: 8_500,
      distributionFee: { numberOfStreams: 10_000, pricePerStream: 1_999 },
    },
  },
  album: {
    id: ALBUM,
    title: 'Night Drive',
    version: null,
    barcode: null,
    artists: [],
    isCollaboration: false,
  },
};

const EARNINGS: WalletEarnings = {
  currency: 'EUR',
  months: [
    { period: { id: OLDER_PERIOD, month: '2026-09' }, credited: 0, streams: 0 },
    { period: { id: PERIOD, month: '2026-10' }, credited: 124_956, streams: 98_765 },
  ],
};

const page = <Item,>(items: Item[], extra: object = {}) => ({
  items,
  currentOffset: 0,
  size: 25,
  totalItems: items.length,
  ...extra,
});

type Responder = (request: ApiRequest<unknown>) => unknown;

async function open(url: string, respond: Responder) {
  const { record } = await openArea(url, { respond: plannedAnswers(respond) });
  toasts = record.toasts;
  return record.requests;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/wallet', () => {
  it('shows the balance, the latest mutations, the fees being collected and the statements', async () => {
    const latest = [
      mutation({ type: 'TAKEDOWN_SETTLEMENT', amount: -1_500, balanceAfter: 123_456 }),
      mutation({ type: 'ROYALTIES', amount: 124_956, balanceAfter: 124_956, periodId: PERIOD }),
    ];
    const requests = await open('/wallet', (request) => {
      if (request.path === '/v1/wallet') return wallet;
      if (request.path === '/v2/wallet/mutations')
        return request.query?.type === 'ROYALTIES'
          ? page([
              latest[1],
              mutation({ periodId: OLDER_PERIOD, periodMonth: '2026-09', date: '2026-10-03T09:00:00.000Z' }),
            ])
          : page(latest);
      if (request.path === '/v2/reporting/distribution-fees') return page([fee]);
      if (request.path === '/v1/wallet/earnings') return EARNINGS;
      return undefined;
    });
    const balance = screen.getByRole('region', { name: 'Balance' });
    const figures = await eventually(() =>
      within(balance)
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    );
    expect(figures).toEqual(['€1,234.56', '€25.00', '€0.00', '€2,000.00']);

    const table = await eventually(() => screen.getByRole('table', { name: 'Latest mutations' }));
    expect(rowsOf(table).slice(1)).toEqual([
      ['02-11-2026', 'Takedown settlement', '-€15.00', '€1,234.56'],
      ['02-11-2026', 'Royalties', '€1,249.56', '€1,249.56'],
    ]);
    expect(requests.find((r) => r.path === '/v2/wallet/mutations' && !r.query?.type)?.query).toMatchObject({
      offset: 0,
      size: 5,
    });
    expect(requests.find((r) => r.path === '/v2/reporting/distribution-fees')?.query).toMatchObject({
      settled: false,
    });

    const bar = await eventually(() =>
      screen.getByRole('progressbar', { name: 'Streams collected for Night Drive' }),
    );
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('2,500 of 10,000 streams collected, 7,500 remaining')).toBeTruthy();
    expect(screen.getByText(/Fee 1 of €19.99, issued 10-01-2026/)).toBeTruthy();

    const statements = await eventually(() => screen.getByRole('link', { name: 'Statement October 2026' }));
    expect(statements.getAttribute('href')).toBe(`/wallet/periods/${PERIOD}`);
    const older = await eventually(() => screen.getByRole('link', { name: 'Statement September 2026' }));
    expect(older.getAttribute('href')).toBe(`/wallet/periods/${OLDER_PERIOD}`);
    expect(screen.getByRole('link', { name: 'All mutations' }).getAttribute('href')).toBe(
      '/wallet/mutations',
    );
  });

  it('charts the credited cents of the last closed months, with the figures in a table', async () => {
    await open('/wallet', (request) => {
      if (request.path === '/v1/wallet') return wallet;
      if (request.path === '/v2/wallet/mutations') return page([]);
      if (request.path === '/v2/reporting/distribution-fees') return page([]);
      if (request.path === '/v1/wallet/earnings') return EARNINGS;
      return undefined;
    });
    await eventually(() => screen.getByTestId('earnings-chart'));
    expect(charted.at(-1)).toMatchObject({ months: EARNINGS.months, currency: 'EUR' });
    const earnings = screen.getByRole('region', { name: 'Earnings per month' });
    const figure = within(earnings).getByRole('figure');
    expect(figure.textContent).toContain(
      'Earnings per month from September 2026 to October 2026: €1,249.56 in all, the most in October 2026 (€1,249.56).',
    );
    expect(screen.getByTestId('earnings-chart').closest('[aria-hidden="true"]')).toBeTruthy();
    const table = within(earnings).getByRole('table', { name: 'Earnings by month' });
    expect(rowsOf(table)).toEqual([
      ['Month', 'Streams', 'Credited'],
      ['October 2026', '98,765', '€1,249.56'],
      ['September 2026', '0', '€0.00'],
    ]);
    expect(within(table).getByRole('link', { name: 'October 2026' }).getAttribute('href')).toBe(
      `/wallet/periods/${PERIOD}`,
    );
  });

  it('says so when nothing has happened yet', async () => {
    await open('/wallet', (request) => {
      if (request.path === '/v1/wallet')
        return {
          ...wallet,
          available: 0,
          lifetimeEarnings: 0,
          held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
          lastClosedPeriod: null,
        };
      if (request.path === '/v2/wallet/mutations') return page([]);
      if (request.path === '/v2/reporting/distribution-fees') return page([]);
      if (request.path === '/v1/wallet/earnings') return { currency: 'EUR', months: [] };
      return undefined;
    });
    await eventually(() => screen.getByText('No money has moved in this wallet yet.'));
    const statements = screen.getByRole('region', { name: 'Statements' });
    expect(within(statements).getByText('No period has closed yet.')).toBeTruthy();
    const earnings = screen.getByRole('region', { name: 'Earnings per month' });
    await eventually(() => within(earnings).getByText('No period has closed yet.'));
    expect(charted).toEqual([]);
    expect(screen.getByText('No distribution fee is being collected.')).toBeTruthy();
  });
});

describe('/wallet/mutations', () => {
  it('filters by type and date from the address and pages', async () => {
    const requests = await open('/wallet/mutations?type=PAYOUT&from=2026-10-01&to=2026-10-31', (request) => {
      if (request.path === '/v1/wallet') return wallet;
      if (request.path === '/v2/wallet/mutations')
        return page([mutation({ type: 'PAYOUT', amount: -5_000, balanceAfter: 0 })], {
          size: 1,
          totalItems: 3,
          nextOffset: Number(request.query?.offset ?? 0) + 1,
        });
      return undefined;
    });
    const table = await eventually(() => screen.getByRole('table', { name: 'Mutations' }));
    expect(rowsOf(table)[1]).toEqual(['02-11-2026', 'Payout', '-€50.00', '€0.00']);
    expect(requests.at(-1)?.query).toMatchObject({
      type: 'PAYOUT',
      from: '2026-10-01',
      to: '2026-10-31',
      offset: 0,
    });
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('PAYOUT');

    await click(screen.getByRole('button', { name: 'Next' }));
    await eventually(() => expect(requests.at(-1)?.query).toMatchObject({ type: 'PAYOUT', offset: 1 }));

    await choose(screen.getByLabelText('Type'), 'ROYALTIES');
    await eventually(() =>
      expect(requests.at(-1)?.query).toMatchObject({ type: 'ROYALTIES', from: '2026-10-01', offset: 0 }),
    );
  });
});

describe('/wallet/mutations export', () => {
  it('downloads every page the filters keep as CSV, through the API port', async () => {
    const csv = new Blob(['\uFEFFDate,Type\r\n'], { type: 'text/csv' });
    const requests = await open('/wallet/mutations?type=PAYOUT&from=2026-10-01', (request) => {
      if (request.path === '/v1/wallet') return wallet;
      if (request.path === '/v2/wallet/mutations')
        return page([mutation({ type: 'PAYOUT', amount: -5_000 })]);
      if (request.path === '/v2/wallet/mutations/export') return csv;
      return undefined;
    });
    await eventually(() => screen.getByRole('table', { name: 'Mutations' }));
    await click(screen.getByRole('button', { name: 'Export CSV' }));
    await eventually(() => expect(saved).toHaveLength(1));
    const request = requests.find((r) => r.path === '/v2/wallet/mutations/export');
    expect(request).toMatchObject({ method: 'GET', responseType: 'blob' });
    expect(request?.query).toEqual({ type: 'PAYOUT', from: '2026-10-01' });
    expect(saved).toEqual([{ blob: csv, name: 'wallet-mutations-payout-from-2026-10-01.csv' }]);
  });

  it('says so when the export fails, and saves nothing', async () => {
    await open('/wallet/mutations', (request) => {
      if (request.path === '/v1/wallet') return wallet;
      if (request.path === '/v2/wallet/mutations') return page([mutation({})]);
      if (request.path === '/v2/wallet/mutations/export') throw new Error('The service is busy');
      return undefined;
    });
    await eventually(() => screen.getByRole('table', { name: 'Mutations' }));
    await click(screen.getByRole('button', { name: 'Export CSV' }));
    await eventually(() => expect(toasts.at(-1)).toMatchObject({ level: 'ERROR' }));
    await settle();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('/wallet/periods/{id}', () => {
  const statement = (bucket: WalletStatement['bucket']): WalletStatement => ({
    period: { id: PERIOD, month: '2026-10' },
    bucket,
    currency: 'EUR',
    rows: [
      {
        key: 'SPOTIFY',
        label: bucket === 'track' ? 'Tidewater (Radio edit)' : 'Spotify',
        releaseTitle: bucket === 'track' ? 'Harbour Lights' : null,
        streams: 1_000,
        revenue: 5_000_000,
        feeCollected: 100_000,
        commission: 735_000,
        splitOut: 0,
        splitIn: 0,
        credited: 417,
        correction: false,
        adjusts: null,
      },
      {
        key: 'APPLE_MUSIC',
        label: 'Apple Music',
        releaseTitle: null,
        streams: 10,
        revenue: 50_000,
        feeCollected: 0,
        commission: 7_500,
        splitOut: 0,
        splitIn: 0,
        credited: 4,
        correction: false,
        adjusts: null,
      },
    ],
    totals: {
      streams: 1_010,
      revenue: 5_050_000,
      feeCollected: 100_000,
      commission: 742_500,
      splitOut: 0,
      splitIn: 0,
      credited: 421,
    },
    corrections: {
      streams: 0,
      revenue: 0,
      feeCollected: 0,
      commission: 0,
      splitOut: 0,
      splitIn: 0,
      credited: 0,
    },
    currencies: [
      { currency: 'EUR', sourceRevenue: 4_050_000, rate: null, revenue: 4_050_000 },
      { currency: 'JPY', sourceRevenue: 163_000_000, rate: '0.0061394891945', revenue: 1_000_000 },
    ],
  });

  it('shows the rows and totals of the bucket chosen', async () => {
    const requests = await open(`/wallet/periods/${PERIOD}?bucket=platform`, (request) => {
      if (request.path === `/v1/wallet/periods/${PERIOD}`)
        return statement(request.query?.bucket as WalletStatement['bucket']);
      return undefined;
    });
    const table = await eventually(() => screen.getByRole('table', { name: 'Statement by platform' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statement period');
    expect(rowsOf(table)).toEqual([
      ['Platform', 'Streams', 'Revenue', 'Fee collected', 'Commission', 'Credited'],
      ['Spotify', '1,000', '€5.00', '€0.10', '€0.74', '€4.17'],
      ['Apple Music', '10', '€0.05', '€0.00', '€0.01', '€0.04'],
      ['Total', '1,010', '€5.05', '€0.10', '€0.74', '€4.21'],
    ]);
    expect(requests[0]?.query).toEqual({ bucket: 'platform' });
    // docs/decisions/0080-exchange-rate-tables.md: each report currency, its rate and what it came to.
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue by report currency' }))).toEqual([
      ['Report currency', 'Revenue in it', 'Rate to EUR', 'Revenue in EUR'],
      ['EUR', '€4.05', '—', '€4.05'],
      ['JPY', 'JP¥163', '0.0061394891945', '€1.00'],
      ['Total', '', '', '€5.05'],
    ]);

    await choose(screen.getByLabelText('Group by'), 'territory');
    await eventually(() => screen.getByRole('table', { name: 'Statement by territory' }));
    expect(requests.at(-1)?.query).toEqual({ bucket: 'territory' });
  });

  it('gives royalty splits their own columns when a split gave or brought anything', async () => {
    const base = statement('release');
    const withSplits: WalletStatement = {
      ...base,
      rows: [
        { ...base.rows[0]!, splitOut: 1_200_000, credited: 297 },
        { ...base.rows[1]!, splitIn: 30_000, credited: 7 },
      ],
      totals: { ...base.totals, splitOut: 1_200_000, splitIn: 30_000, credited: 304 },
    };
    await open(`/wallet/periods/${PERIOD}?bucket=release`, (request) =>
      request.path === `/v1/wallet/periods/${PERIOD}` ? withSplits : undefined,
    );
    const table = await eventually(() => screen.getByRole('table', { name: 'Statement by release' }));
    expect(rowsOf(table)[0]).toEqual([
      'Release',
      'Streams',
      'Revenue',
      'Fee collected',
      'Commission',
      'Split to others',
      'Split income',
      'Credited',
    ]);
    expect(rowsOf(table).at(-1)).toEqual([
      'Total',
      '1,010',
      '€5.05',
      '€0.10',
      '€0.74',
      '€1.20',
      '€0.03',
      '€3.04',
    ]);
  });

  it('names an adjustment row by the closed month a platform restated', async () => {
    const base = statement('platform');
    const adjusted: WalletStatement = {
      ...base,
      rows: [base.rows[0]!, { ...base.rows[1]!, key: 'SPOTIFY', label: 'Spotify', adjusts: '2026-09' }],
    };
    await open(`/wallet/periods/${PERIOD}?bucket=platform`, (request) =>
      request.path === `/v1/wallet/periods/${PERIOD}` ? adjusted : undefined,
    );
    const table = await eventually(() => screen.getByRole('table', { name: 'Statement by platform' }));
    expect(rowsOf(table).map((row) => row[0])).toEqual([
      'Platform',
      'Spotify',
      'Adjustment for September 2026: Spotify',
      'Total',
    ]);
  });

  it('names a track row by its title and release', async () => {
    await open(`/wallet/periods/${PERIOD}`, (request) =>
      request.path === `/v1/wallet/periods/${PERIOD}` ? statement('track') : undefined,
    );
    const table = await eventually(() => screen.getByRole('table', { name: 'Statement by track' }));
    const header = within(table).getAllByRole('rowheader')[0]!;
    expect(header.textContent).toBe('Tidewater (Radio edit)Harbour Lights');
    expect(within(header).getByText('Harbour Lights')).toBeTruthy();
  });

  it('downloads the statement of the bucket shown as CSV and as PDF', async () => {
    const files = { csv: new Blob(['csv']), pdf: new Blob(['%PDF-1.3']) };
    const requests = await open(`/wallet/periods/${PERIOD}?bucket=platform`, (request) => {
      if (request.path === `/v1/wallet/periods/${PERIOD}`)
        return statement(request.query?.bucket as WalletStatement['bucket']);
      if (request.path === `/v1/wallet/periods/${PERIOD}/export`)
        return files[request.query?.format as 'csv' | 'pdf'];
      return undefined;
    });
    await eventually(() => screen.getByRole('table', { name: 'Statement by platform' }));
    await click(screen.getByRole('button', { name: 'Download CSV' }));
    await eventually(() => expect(saved).toHaveLength(1));
    await click(screen.getByRole('button', { name: 'Download PDF' }));
    await eventually(() => expect(saved).toHaveLength(2));
    expect(saved).toEqual([
      { blob: files.csv, name: 'statement-2026-10-by-platform.csv' },
      { blob: files.pdf, name: 'statement-2026-10-by-platform.pdf' },
    ]);
    const exports = requests.filter((r) => r.path.endsWith('/export'));
    expect(exports.map((r) => [r.responseType, r.query])).toEqual([
      ['blob', { bucket: 'platform', format: 'csv' }],
      ['blob', { bucket: 'platform', format: 'pdf' }],
    ]);
  });

  it('explains an empty statement', async () => {
    await open(`/wallet/periods/${PERIOD}`, (request) =>
      request.path === `/v1/wallet/periods/${PERIOD}`
        ? {
            ...statement('track'),
            rows: [],
            totals: {
              streams: 0,
              revenue: 0,
              feeCollected: 0,
              commission: 0,
              splitOut: 0,
              splitIn: 0,
              credited: 0,
            },
          }
        : undefined,
    );
    await eventually(() => screen.getByText('This account had no revenue in this period.'));
  });
});
