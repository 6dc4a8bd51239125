import { describe, expect, it } from 'vitest';
import { mountThroughContract } from '@tunehouse/testing';
import * as app from './lifecycles.js';

describe('the wallet remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, 'wallet')).toEqual([
      { path: '/wallet', heading: 'Wallet' },
      { path: '/wallet/mutations', heading: 'Mutations' },
      { path: '/wallet/periods/sample-id', heading: 'Statement period' },
      { path: '/wallet/invoices/sample-id/sample-extra', heading: 'Invoice' },
      { path: '/payments/complete', heading: 'Payment complete' },
      { path: '/payment-methods/complete', heading: 'Payment method added' },
      { path: '/account/billing', heading: 'Billing' },
    ]);
  });
});
