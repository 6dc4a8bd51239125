// The web budgets, in one place: `npm run bench:web` and `npm run bench:lighthouse` measure each page against them
// and exit with code 1 when one is broken. `jsKB` is what the network carried for every script a first visit
// downloads (empty cache, whatever its origin): encoded bodies and headers, as the browser reports them.

/** A chunk the bench leaves out of a page's figures, by file name (the chart arrives after the page's content). */
export const CHART_CHUNK = /(^|\/)chart\.[0-9a-f]+\.js$/;

export const PAGE_BUDGETS = [
  // A first visit has no session: the landing page then loads only shell/start-on-interest.js
  // (docs/decisions/0077-landing-page-without-the-shell-until-needed.md). A
  // signed-in visitor starts the shell at once, from a cache a previous visit filled.
  { path: '/', content: 'main h1', signedIn: false, jsKB: 120 },
  // The sign-in form is in the HTML; the shell and the auth area start on interest (a focus on a field), which a
  // first load without input never shows: the figure is what arrives before the visitor does anything
  // (docs/decisions/0082-layout-shift-and-startup-work.md).
  { path: '/auth/login', content: 'main h1', signedIn: false, jsKB: 120 },
  { path: '/albums', content: '[data-area="releases"] h1', signedIn: true, jsKB: 250 },
  {
    path: '/trends',
    content: '[data-area="analytics"] h1',
    signedIn: true,
    jsKB: 230,
    requests: 30,
    excludeChunks: CHART_CHUNK,
  },
  { path: '/wallet', content: '[data-area="wallet"] h1', signedIn: true, jsKB: 250 },
  { path: '/splits', content: '[data-area="splits"] h1', signedIn: true, jsKB: 250 },
];

/** Client-side navigation from a loaded /albums to an area not visited yet, until its h1 is visible. */
export const AREA_SWITCH_BUDGETS = [
  { from: '/albums', to: '/trends', content: '[data-area="analytics"] h1', ms: 150 },
  { from: '/albums', to: '/artists', content: '[data-area="artists"] h1', ms: 150 },
];

/** The federated first load of /albums against the same code as one bundle (tools/bench/single-bundle). */
export const MF_OVERHEAD_BUDGET = { path: '/albums', ratio: 1.15 };

/**
 * Lighthouse, median of 3 runs per page and preset: `mobile` is Lighthouse's default (a mid-range phone on a slow
 * 4G connection, simulated), `desktop` its desktop preset. Accessibility is the same page either way.
 */
export const LIGHTHOUSE_BUDGETS = {
  paths: ['/', '/auth/login', '/albums', '/trends', '/wallet', '/splits'],
  runs: 3,
  presets: {
    mobile: { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 },
    desktop: { performance: 98 },
  },
  accessibility: 100,
};
