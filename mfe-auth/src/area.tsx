import { lazyPage, type AreaDefinition } from '@tunehouse/area-kit';
import { LoginPage } from './login/login-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The sign-in and account area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  // The sign-in flows arrived with contract 1.1.
  shellRange: '^1.1.0',
  routes: [
    {
      path: '/auth/signup',
      element: lazyPage(
        () => import('./signup/signup-page.js'),
        (m) => m.SignupPage,
      ),
    },
    {
      path: '/auth/suspended',
      element: lazyPage(
        () => import('./suspended/suspended-page.js'),
        (m) => m.SuspendedPage,
      ),
    },
    { path: '/auth/login', element: <LoginPage /> },
    {
      path: '/auth/logout',
      element: lazyPage(
        () => import('./logout/logout-page.js'),
        (m) => m.LogoutPage,
      ),
    },
    {
      path: '/auth/challenge',
      element: lazyPage(
        () => import('./challenge/challenge-page.js'),
        (m) => m.ChallengePage,
      ),
    },
    {
      path: '/auth/forgot',
      element: lazyPage(
        () => import('./forgot/forgot-page.js'),
        (m) => m.ForgotPage,
      ),
    },
    {
      path: '/account',
      element: lazyPage(
        () => import('./account/account-page.js'),
        (m) => m.AccountPage,
      ),
    },
    {
      path: '/account/verify',
      element: lazyPage(
        () => import('./verify/verify-page.js'),
        (m) => m.VerifyPage,
      ),
    },
    {
      // A program's way in (docs/api.md), beside the account settings that link to it.
      path: '/account/api-keys',
      element: lazyPage(
        () => import('./api-keys/api-keys-page.js'),
        (m) => m.ApiKeysPage,
      ),
    },
    {
      path: '/admin',
      element: lazyPage(
        () => import('./admin/admin-page.js'),
        (m) => m.AdminPage,
      ),
    },
    {
      // The operator's view (docs/decisions/0085-metrics-and-operator-view.md), in the admin frame.
      path: '/admin/operations',
      element: lazyPage(
        () => import('./operations/operations-page.js'),
        (m) => m.OperationsPage,
      ),
    },
    {
      // Every account's API keys, with revoke (docs/decisions/0090-report-loaded-and-admin-keys.md).
      path: '/admin/api-keys',
      element: lazyPage(
        () => import('./admin-keys/admin-keys-page.js'),
        (m) => m.AdminKeysPage,
      ),
    },
    {
      path: '/admin/*',
      element: lazyPage(
        () => import('./admin/admin-page.js'),
        (m) => m.AdminPage,
      ),
    },
  ],
};
