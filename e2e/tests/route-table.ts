/**
 * The product's route table with sample parameters, and which area must render each route. Written from the
 * product's routes, independently of the area manifests (`mfe-<area>/area.manifest.json`); `tools/start/areas.test.mjs`
 * checks that the manifests send every URL here to the area named.
 */
export interface RouteCase {
  url: string;
  area: string;
  heading: string;
  params?: Record<string, string>;
  /**
   * The page arrives prerendered and its area starts when the visitor shows interest (focus on its first field):
   * /auth/login (docs/decisions/0082-layout-shift-and-startup-work.md, point 5).
   */
  startsOnInterest?: string;
}

/**
 * The sign-in pages, seen by a signed-out visitor. /auth/challenge and /auth/logout are steps that move on at
 * once (to the login without a session); the sign-in flow tests cover them.
 */
export const SIGNED_OUT_ROUTES: RouteCase[] = [
  { url: '/auth/signup', area: 'auth', heading: 'Create your account' },
  { url: '/auth/suspended', area: 'auth', heading: 'Account suspended' },
  {
    url: '/auth/login?from=%2Falbums&expired=true',
    area: 'auth',
    heading: 'Log in',
    startsOnInterest: 'E-mail address',
  },
  { url: '/auth/forgot', area: 'auth', heading: 'Forgot your password' },
];

/** Every other route, seen by a signed-in visitor. */
export const ROUTES: RouteCase[] = [
  { url: '/trends', area: 'analytics', heading: 'Stream trends' },
  { url: '/trends/playlists', area: 'analytics', heading: 'Playlist trends' },
  { url: '/trends/?albumId=7', area: 'analytics', heading: 'Stream trends' },
  { url: '/albums', area: 'releases', heading: 'Releases' },
  { url: '/albums/new', area: 'releases', heading: 'New release' },
  { url: '/albums/12', area: 'releases', heading: 'Release' },
  { url: '/albums/12/promotion', area: 'releases', heading: 'Promotion' },
  { url: '/albums/12/distribution', area: 'releases', heading: 'Distribution' },
  { url: '/albums/12/splits', area: 'splits', heading: 'Release splits' },
  { url: '/albums/12/splits/edit', area: 'splits', heading: 'Edit release splits' },
  {
    url: '/albums/12/edit/tracks',
    area: 'releases',
    heading: 'Edit release',
  },
  {
    url: '/albums/12/edit/review?deliver=1',
    area: 'releases',
    heading: 'Review release',
  },
  { url: '/albums/12/delivered', area: 'releases', heading: 'Delivered' },
  { url: '/albums/12/labelcopy', area: 'releases', heading: 'Label copy' },
  { url: '/splits', area: 'splits', heading: 'Royalty splits' },
  { url: '/splits/5', area: 'splits', heading: 'Split' },
  { url: '/splits/5/split', area: 'splits', heading: 'Split details' },
  { url: '/splits/?invite=abc123', area: 'splits', heading: 'Royalty splits' },
  { url: '/account', area: 'auth', heading: 'Account settings' },
  { url: '/account/verify?from=%2Fwallet', area: 'auth', heading: 'Verify your identity' },
  { url: '/account/api-keys', area: 'auth', heading: 'API keys' },
  { url: '/account/billing', area: 'wallet', heading: 'Billing' },
  { url: '/admin', area: 'auth', heading: 'Admin' },
  { url: '/admin/reviews', area: 'releases', heading: 'Admin' },
  { url: '/admin/payment-methods', area: 'auth', heading: 'Admin' },
  { url: '/admin/reports', area: 'analytics', heading: 'Admin' },
  { url: '/admin/periods', area: 'wallet', heading: 'Admin' },
  { url: '/artists', area: 'artists', heading: 'Artists' },
  { url: '/artists/contributors', area: 'artists', heading: 'Contributors' },
  { url: '/wallet', area: 'wallet', heading: 'Wallet' },
  { url: '/wallet/mutations', area: 'wallet', heading: 'Mutations' },
  { url: '/wallet/reporting', area: 'wallet', heading: 'Reporting' },
  { url: '/wallet/periods/2026-10?bucket=PLATFORM', area: 'wallet', heading: 'Statement period' },
  // A real page now: checked by its heading, not by the parameters a placeholder shows.
  { url: '/wallet/invoices/9/invoice.pdf', area: 'wallet', heading: 'Invoice' },
  { url: '/payments/complete?payment_id=pay_1', area: 'wallet', heading: 'Payment' },
  { url: '/payment-methods/complete', area: 'wallet', heading: 'Payment method' },
  // Added last, so that the signed-out journey's every-fifth sample keeps the routes it had.
  { url: '/admin/operations', area: 'auth', heading: 'Admin' },
  { url: '/admin/api-keys', area: 'auth', heading: 'Admin' },
];
