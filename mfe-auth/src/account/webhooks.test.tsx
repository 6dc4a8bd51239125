import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/dom';
import { demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { WebhookDelivery, WebhookEndpoint } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ME } from '../testing/users.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const ENDPOINT: WebhookEndpoint = {
  id: '3f1c2b7e-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/tunehouse',
  eventTypes: ['payout.settled'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  id: '3f1c2b7e-0000-4000-8000-0000000000d1',
  eventId: '3f1c2b7e-0000-4000-8000-0000000000e1',
  eventType: 'payout.settled',
  status: 'PENDING',
  attempts: 3,
  responseCode: 503,
  lastError: 'Answered 503: not now',
  nextAttemptAt: '2026-11-28T10:07:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  deliveredAt: null,
};

async function openAccount() {
  let endpoints: WebhookEndpoint[] = [];
  const requests: ApiRequest<unknown>[] = [];
  const rendered = await renderAreaRoute(area, '/account', {
    session: demoSessionView,
    respond: async (request) => {
      requests.push(request);
      const key = `${request.method} ${request.path}`;
      if (key === 'GET /v1/users/me') return ME;
      if (key === 'GET /v1/sessions') return { items: [] };
      if (key === 'GET /v1/webhooks') return { items: endpoints };
      if (key === 'POST /v1/webhooks') {
        const body = request.body as { url: string; eventTypes: WebhookEndpoint['eventTypes'] };
        endpoints = [{ ...ENDPOINT, ...body }];
        return { ...endpoints[0], secret: 'whsec_shown_once_0123456789abcdef' };
      }
      if (key === `GET /v1/webhooks/${ENDPOINT.id}/deliveries`) return { items: [DELIVERY] };
      if (key === `POST /v1/webhooks/${ENDPOINT.id}/deliveries/${DELIVERY.id}/resend`)
        return { ...DELIVERY, id: '3f1c2b7e-0000-4000-8000-0000000000d2', attempts: 0, responseCode: null };
      throw new Error(`unplanned ${key}`);
    },
  });
  cleanup = rendered.unmount;
  await settle();
  await settle();
  await screen.findByRole('form', { name: 'Add a webhook endpoint' });
  return { requests };
}

describe('/account: webhooks', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const { requests } = await openAccount();
    const form = within(screen.getByRole('form', { name: 'Add a webhook endpoint' }));
    await act(async () => {
      fireEvent.input(form.getByLabelText('Endpoint URL'), { target: { value: 'http://plain.example.com' } });
    });
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    });
    expect(form.getByText('Expected an https:// URL')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await act(async () => {
      fireEvent.input(form.getByLabelText('Endpoint URL'), { target: { value: ENDPOINT.url } });
      fireEvent.click(form.getByLabelText(/A payout settles/));
    });
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    });
    await settle();
    const created = requests.find((request) => request.method === 'POST');
    expect(created?.body).toEqual({ url: ENDPOINT.url, eventTypes: ['release.live', 'payout.settled'] });
    expect(screen.getByTestId('webhook-secret').textContent).toBe('whsec_shown_once_0123456789abcdef');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    });
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(await screen.findByRole('region', { name: `Webhook endpoint ${ENDPOINT.url}` })).toBeTruthy();
  });

  it('shows the delivery log with status, code and attempts, and resends', async () => {
    const { requests } = await openAccount();
    const form = within(screen.getByRole('form', { name: 'Add a webhook endpoint' }));
    await act(async () => {
      fireEvent.input(form.getByLabelText('Endpoint URL'), { target: { value: ENDPOINT.url } });
      fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    });
    await settle();
    const block = within(await screen.findByRole('region', { name: `Webhook endpoint ${ENDPOINT.url}` }));
    await act(async () => {
      fireEvent.click(block.getByRole('button', { name: 'Deliveries' }));
    });
    await settle();
    const row = within(block.getAllByRole('row')[1]!);
    expect(row.getByText('PENDING')).toBeTruthy();
    expect(row.getByText('503')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();
    await act(async () => {
      fireEvent.click(row.getByRole('button', { name: 'Resend' }));
    });
    await settle();
    expect(
      requests.some(
        (request) => request.path === `/v1/webhooks/${ENDPOINT.id}/deliveries/${DELIVERY.id}/resend`,
      ),
    ).toBe(true);
  });
});
