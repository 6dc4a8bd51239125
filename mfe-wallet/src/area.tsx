import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { PayoutPanel } from './payouts/payout-panel.js';
import { WalletPage } from './wallet/wallet-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The wallet area: its routes from the spec's route table, and the admin's period close, which books its money. */
export const area: AreaDefinition = {
  name: AREA,
  shellRange: '^1.0.0',
  routes: [
    { path: '/wallet', element: <WalletPage payoutPanel={<PayoutPanel />} /> },
    {
      path: '/wallet/mutations',
      element: lazyPage(
        () => import('./wallet/mutations-page.js'),
        (m) => m.MutationsPage,
      ),
    },
    {
      path: '/wallet/reporting',
      element: lazyPage(
        () => import('./reporting/reporting-page.js'),
        (m) => m.ReportingPage,
      ),
    },
    {
      path: '/wallet/periods/:id',
      element: lazyPage(
        () => import('./wallet/statement-page.js'),
        (m) => m.StatementPage,
      ),
    },
    {
      path: '/wallet/invoices/:id/:extra',
      element: lazyPage(
        () => import('./invoices/invoice-page.js'),
        (m) => m.InvoicePage,
      ),
    },
    {
      path: '/payments/complete',
      element: lazyPage(
        () => import('./payments/payment-complete-page.js'),
        (m) => m.PaymentCompletePage,
      ),
    },
    {
      path: '/payment-methods/complete',
      element: lazyPage(
        () => import('./payments/payment-method-complete-page.js'),
        (m) => m.PaymentMethodCompletePage,
      ),
    },
    {
      path: '/account/billing',
      element: lazyPage(
        () => import('./billing/billing-page.js'),
        (m) => m.BillingPage,
      ),
    },
    {
      path: '/admin/periods',
      element: lazyPage(
        () => import('./admin-periods/admin-periods-page.js'),
        (m) => m.AdminPeriodsPage,
      ),
    },
    {
      path: '/admin/periods/*',
      element: lazyPage(
        () => import('./admin-periods/admin-periods-page.js'),
        (m) => m.AdminPeriodsPage,
      ),
    },
  ],
};
