import type { AreaDefinition } from '@tunehouse/area-kit';
import { AccountPage } from './account/account-page.js';
import { AdminPage } from './admin/admin-page.js';
import { ChallengePage } from './challenge/challenge-page.js';
import { ForgotPage } from './forgot/forgot-page.js';
import { LoginPage } from './login/login-page.js';
import { LogoutPage } from './logout/logout-page.js';
import { SignupPage } from './signup/signup-page.js';
import { SuspendedPage } from './suspended/suspended-page.js';
import { VerifyPage } from './verify/verify-page.js';
import manifest from '../area.manifest.json';

// The area's name is declared once, in its manifest beside package.json.
const AREA = manifest.name;

/** The sign-in and account area: its routes from the spec's route table. */
export const area: AreaDefinition = {
  name: AREA,
  // The sign-in flows arrived with contract 1.1.
  shellRange: '^1.1.0',
  routes: [
    { path: '/auth/signup', element: <SignupPage /> },
    { path: '/auth/suspended', element: <SuspendedPage /> },
    { path: '/auth/login', element: <LoginPage /> },
    { path: '/auth/logout', element: <LogoutPage /> },
    { path: '/auth/challenge', element: <ChallengePage /> },
    { path: '/auth/forgot', element: <ForgotPage /> },
    { path: '/account', element: <AccountPage /> },
    { path: '/account/verify', element: <VerifyPage /> },
    { path: '/admin', element: <AdminPage /> },
    { path: '/admin/*', element: <AdminPage /> },
  ],
};
