import { describe, expect, it } from 'vitest';
import type { ApiRequest, ShellContext } from '@tunehouse/shell-contract';
import { goToCheckout, startTakedownPayment } from './checkout.js';

describe('goToCheckout', () => {
  it('leaves for the provider’s page', () => {
    const assigned: string[] = [];
    goToCheckout('https://pay.example/checkout/1', { assign: (url) => assigned.push(String(url)) });
    expect(assigned).toEqual(['https://pay.example/checkout/1']);
  });
});

describe('startTakedownPayment', () => {
  it('asks for a TAKEDOWN card payment of the amount, each try under a fresh idempotency key', async () => {
    const requests: ApiRequest<unknown>[] = [];
    const api = {
      request: async (request: ApiRequest<unknown>) => {
        requests.push(request);
        return {
          id: `p-${requests.length}`,
          purpose: 'TAKEDOWN',
          albumId: 'album-1',
          amount: 1500,
          currency: 'EUR',
          status: 'PENDING',
          checkoutUrl: 'https://pay.example/checkout/1',
          createdAt: '2026-11-27T10:00:00.000Z',
        };
      },
    } as unknown as ShellContext['api'];
    await startTakedownPayment(api, 'album-1', 1500);
    await startTakedownPayment(api, 'album-1', 1500);
    expect(requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/v1/payments', { purpose: 'TAKEDOWN', albumId: 'album-1', amount: 1500 }],
      ['POST', '/v1/payments', { purpose: 'TAKEDOWN', albumId: 'album-1', amount: 1500 }],
    ]);
    const keys = requests.map((request) => (request.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
  });
});
