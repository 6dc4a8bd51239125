import { describe, expect, it } from 'vitest';
import { routesNotOwned } from '@tunehouse/shell-contract';
import { mountThroughContract } from '@tunehouse/testing';
import manifest from '../area.manifest.json';
import * as app from './lifecycles.js';

describe('the wallet remote', () => {
  it('keeps the shell contract and renders each of its routes when mounted as the shell mounts it', async () => {
    expect(await mountThroughContract(app, manifest.name)).toEqual([
      { path: '/wallet', heading: 'Wallet' },
      { path: '/wallet/mutations', heading: 'Mutations' },
      { path: '/wallet/reporting', heading: 'Reporting' },
      { path: '/wallet/periods/sample-id', heading: 'Statement period' },
      { path: '/wallet/invoices/sample-id/sample-extra', heading: 'Invoice' },
      { path: '/payments/complete', heading: 'Payment' },
      { path: '/payment-methods/complete', heading: 'Payment method' },
      { path: '/account/billing', heading: 'Billing' },
      { path: '/admin/periods', heading: 'Admin' },
    ]);
  });

  it('renders only routes its manifest owns, so the shell sends every one of them to it', () => {
    expect(routesNotOwned(app.meta.routes, manifest.name, { [manifest.name]: manifest.routes })).toEqual([]);
  });
});
