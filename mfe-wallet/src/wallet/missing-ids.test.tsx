import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/dom';
import { apiError, areaHarness, eventually, plannedAnswers } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

// An unknown period, invoice, payment or card set-up in the address is the shell's error page with its status, as
// in the other areas; a failure that may pass (5xx, no connection) stays an inline notice with Try again
// (docs/decisions/0069-demo-truth-and-wallet-errors.md).

const { open: openArea, unmountArea } = areaHarness(area);
afterEach(unmountArea);

const ID = '6f1c2a4e-0d3b-4c5a-8e9f-1a2b3c4d5e6f';

async function open(url: string, respond: (request: ApiRequest<unknown>) => unknown) {
  const { record } = await openArea(url, { respond: plannedAnswers(respond) });
  return record;
}

describe('an unknown id in the wallet area', () => {
  it.each([
    ['a period', `/wallet/periods/${ID}`, `/v1/wallet/periods/${ID}`, 'Statement period'],
    ['an invoice', `/wallet/invoices/${ID}/view`, `/v1/wallet/invoices/${ID}`, 'Invoice'],
    ['a payment', `/payments/complete?payment_id=${ID}`, `/v1/payments/${ID}`, 'Payment'],
    [
      'a card set-up',
      `/payment-methods/complete?setup_id=${ID}`,
      `/v1/payment-method-setups/${ID}`,
      'Payment method',
    ],
  ])('shows the error page with status 404 for %s', async (_what, url, path, heading) => {
    const record = await open(url, (request) => {
      if (request.path === path) throw apiError(404, 'Not found');
      return undefined;
    });
    await eventually(() =>
      expect(record.events).toContainEqual({
        name: 'page:error',
        properties: { status: 404, detail: 'Not found' },
      }),
    );
    expect(record.requests.map((request) => request.path)).toContain(path);
    expect(screen.queryByRole('heading', { level: 1, name: heading })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps the inline notice with Try again when the server fails', async () => {
    const record = await open(`/wallet/periods/${ID}`, (request) => {
      if (request.path === `/v1/wallet/periods/${ID}`) throw apiError(503, 'Unavailable for a moment');
      return undefined;
    });
    await eventually(() => screen.getByText(/The statement could not be loaded/));
    expect(screen.getByRole('heading', { level: 1, name: 'Statement period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(record.events.filter((event) => event.name === 'page:error')).toEqual([]);
  });
});
