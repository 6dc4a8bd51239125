import type { AreaDefinition } from '@tunehouse/area-kit';
import { BillingPage } from './billing/billing-page.js';
import { InvoicePage } from './invoices/invoice-page.js';
import { PaymentCompletePage } from './payments/payment-complete-page.js';
import { PaymentMethodCompletePage } from './payments/payment-method-complete-page.js';
import { MutationsPage } from './wallet/mutations-page.js';
import { StatementPage } from './wallet/statement-page.js';
import { WalletPage } from './wallet/wallet-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The wallet area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/wallet', element: <WalletPage /> },
    { path: '/wallet/mutations', element: <MutationsPage /> },
    { path: '/wallet/periods/:id', element: <StatementPage /> },
    { path: '/wallet/invoices/:id/:extra', element: <InvoicePage /> },
    { path: '/payments/complete', element: <PaymentCompletePage /> },
    { path: '/payment-methods/complete', element: <PaymentMethodCompletePage /> },
    { path: '/account/billing', element: <BillingPage /> },
  ],
};
