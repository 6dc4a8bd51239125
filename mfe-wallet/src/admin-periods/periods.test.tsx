import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/dom';
import {
  choose,
  click,
  demoAdminUser,
  demoSessionView,
  eventually,
  renderAreaRoute,
  settle,
} from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { AdminPeriod, PeriodClosePreview, RateTablePlan } from '@tunehouse/contracts';
import { area } from '../area.js';
import { parseRate, rateText } from './period-format.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const OCTOBER: AdminPeriod = {
  id: '0d6f0f0a-5d0e-4a43-9d2a-6f1f3a520010',
  month: '2026-10',
  status: 'OPEN',
  currency: 'EUR',
  reports: 2,
  lines: 1_200,
  unmatchedLines: 3,
  streams: 250_000,
  currencies: [
    {
      currency: 'EUR',
      matched: 812_345_678,
      unmatched: 1_500_000,
      ratePpb: null,
      rate: null,
      rateSource: null,
    },
    { currency: 'USD', matched: 100_000_000, unmatched: 0, ratePpb: null, rate: null, rateSource: null },
  ],
  missingRates: ['USD'],
  closingAt: null,
  closedAt: null,
  closableFrom: '2026-11-04',
  totals: null,
  statement: null,
};

const SEPTEMBER: AdminPeriod = {
  ...OCTOBER,
  id: '0d6f0f0a-5d0e-4a43-9d2a-6f1f3a520009',
  month: '2026-09',
  status: 'CLOSED',
  currencies: [
    { currency: 'EUR', matched: 500_000_000, unmatched: 0, ratePpb: null, rate: null, rateSource: null },
  ],
  missingRates: [],
  closedAt: '2026-10-02T08:00:00.000Z',
  totals: {
    revenue: 500_000_000,
    feeCollected: 21_000_000,
    commission: 0,
    credited: 479_000_000,
    held: 0,
    unmatched: 0,
  },
  statement: { revenue: 50_000, feeCollected: 2_100, commission: 0, credited: 47_900, held: 0, unmatched: 0 },
};

const PREVIEW: PeriodClosePreview = {
  periodId: OCTOBER.id,
  currency: 'EUR',
  missingRates: [],
  canClose: true,
  tracks: 12,
  beneficiaries: 2,
  totals: {
    revenue: 904_345_678,
    feeCollected: 10_000_000,
    commission: 0,
    credited: 894_345_678,
    held: 0,
    unmatched: 1_500_000,
  },
  statement: {
    revenue: 90_435,
    feeCollected: 1_000,
    commission: 0,
    credited: 89_435,
    held: 0,
    unmatched: 150,
  },
};

const RATE_PLAN: RateTablePlan = {
  base: 'EUR',
  days: ['2026-10-30'],
  periods: [
    {
      periodId: OCTOBER.id,
      month: '2026-10',
      date: '2026-10-30',
      rates: [{ currency: 'JPY', rate: '0.0061394891945', ratePpb: 6_139_489, previousRate: null }],
      missing: ['SEK'],
    },
  ],
};

async function openPeriods(periods: () => AdminPeriod[], requests: ApiRequest<unknown>[]) {
  const rendered = await renderAreaRoute(area, '/admin/periods', {
    session: { ...demoSessionView, isAdmin: true },
    respond: async (request) => {
      requests.push(request);
      if (request.path === '/v1/users/me') return demoAdminUser;
      if (request.path === '/v1/admin/periods') return { items: periods() };
      if (request.path.startsWith('/v1/admin/rate-tables')) return RATE_PLAN;
      const period = periods().find((item) => request.path.includes(item.id));
      if (!period) throw new Error(`unplanned ${request.method} ${request.path}`);
      if (request.method === 'GET') return { ...period, reportFiles: [] };
      if (request.path.endsWith('/close-preview')) return PREVIEW;
      if (request.path.endsWith('/close')) return { ...period, status: 'CLOSING' };
      if (request.method === 'PUT') {
        const { ratePpb } = request.body as { ratePpb: number };
        return {
          ...period,
          missingRates: [],
          currencies: period.currencies.map((entry) =>
            entry.currency === 'USD' ? { ...entry, ratePpb } : entry,
          ),
        };
      }
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  await settle(20);
}

describe('admin periods', () => {
  it('lists the months with status, revenue by currency, missing rates and what a closed month credited', async () => {
    await openPeriods(() => [OCTOBER, SEPTEMBER], []);
    expect(screen.getByRole('link', { name: 'Periods' }).getAttribute('aria-current')).toBe('page');
    const table = await eventually(() => screen.getByRole('table', { name: 'Periods' }));
    const [october, september] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(october).slice(0, 8)).toEqual([
      'October 2026',
      'OPEN',
      '2',
      '1,2003 unmatched',
      '€812.345678US$100.00',
      '€1.50',
      'USD',
      '—',
    ]);
    expect(cells(september).slice(0, 2)).toEqual(['September 2026', 'CLOSED']);
    expect(cells(september)[7]).toBe('€479.00');
  });

  it('takes a rate, previews the close and starts it with an idempotency key', async () => {
    const requests: ApiRequest<unknown>[] = [];
    await openPeriods(() => [OCTOBER, SEPTEMBER], requests);
    await click(await eventually(() => screen.getByRole('button', { name: 'Open October 2026' })));
    await settle(20);
    expect(
      await eventually(() => screen.getByText(/USD needs a rate before this period can close/)),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Close October 2026' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await choose('1 USD in EUR', '0,9215');
    await click('Save USD rate');
    await settle(20);
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/v1/admin/periods/${OCTOBER.id}/rates/USD`);
    expect(put?.body).toEqual({ ratePpb: 921_500_000 });

    await click('Preview the close');
    await settle(20);
    const preview = await eventually(() =>
      screen.getByRole('table', { name: 'Close preview of October 2026' }),
    );
    expect(within(preview).getByText('Credited to wallets').parentElement?.textContent).toBe(
      'Credited to wallets€894.3457€894.35',
    );
    await click('Close October 2026');
    const dialog = await eventually(() => screen.getByRole('dialog'));
    expect(dialog.textContent).toContain('€894.35 will be credited to the wallets');
    await click(within(dialog).getByRole('button', { name: 'Close October 2026' }));
    await settle(20);
    const close = requests.find((request) => request.path.endsWith('/close'));
    expect(close?.method).toBe('POST');
    expect(close?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await settle(20);
  });

  it('keeps Close disabled before the month ended plus its grace days, saying from when it can close', async () => {
    const NOVEMBER: AdminPeriod = {
      ...OCTOBER,
      id: '0d6f0f0a-5d0e-4a43-9d2a-6f1f3a520011',
      month: '2999-11',
      missingRates: [],
      closableFrom: '2999-12-04',
    };
    await openPeriods(() => [NOVEMBER], []);
    await click(await eventually(() => screen.getByRole('button', { name: 'Open November 2999' })));
    await settle(20);
    await click('Preview the close');
    await settle(20);
    const close = screen.getByRole('button', { name: 'Close November 2999' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    expect(
      screen.getByText(/November 2999 can close from 4 December 2999, once the month is over/),
    ).toBeTruthy();
  });
});

describe('loading rates from a table', () => {
  it('previews the rates a table sets in each open period, then sets them on confirmation', async () => {
    const requests: ApiRequest<unknown>[] = [];
    await openPeriods(() => [OCTOBER, SEPTEMBER], requests);
    const csv = 'Date,JPY,\n2026-10-30,162.88,\n';
    const input = await eventually(() => screen.getByLabelText('Rate table (CSV)'));
    fireEvent.change(input, { target: { files: [new File([csv], 'eurofxref.csv', { type: 'text/csv' })] } });
    await click('Preview the rates');
    await settle(20);
    const plan = await eventually(() => screen.getByRole('table', { name: 'Rates the table sets' }));
    const rows = within(plan)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'JPYOctober 2026, table of 30 October 20260.0061394891945new',
      'SEKOctober 2026, table of 30 October 2026Not in the table: unchanged',
    ]);
    expect(requests.find((request) => request.path === '/v1/admin/rate-tables/preview')?.body).toEqual({
      csv,
    });
    expect(requests.some((request) => request.path === '/v1/admin/rate-tables')).toBe(false);
    await click('Set these rates');
    await settle(20);
    expect(requests.find((request) => request.path === '/v1/admin/rate-tables')?.body).toEqual({ csv });
    expect(await eventually(() => screen.getByText('Rates set in October 2026.'))).toBeTruthy();
  });
});

describe('rates', () => {
  it('are read and shown as exact decimals in parts per billion', () => {
    expect(parseRate('1.0834')).toBe(1_083_400_000);
    expect(parseRate('0,000000001')).toBe(1);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('1.0000000001')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(rateText(1_083_400_000)).toBe('1.0834');
    expect(rateText(2_000_000_000)).toBe('2');
  });
});
