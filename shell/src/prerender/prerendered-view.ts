import { useSyncExternalStore } from 'react';
import { defaultHelpLinks, type ShellConfig } from '@tunehouse/shell-contract';
import { FIRST_VIEWS, type FirstViewPath } from '@tunehouse/ui';
import { DEFAULT_SUPPORT_EMAIL, HELP_CENTRE_URL } from '../services/shell-config.js';

/**
 * What the build prerendered into the HTML (docs/decisions/0070-prerendered-shell-and-short-chain.md): the landing
 * page at `/` (index.html), the sign-in pages' frame (auth.html: header, empty main, the compact footer) for
 * `/auth/*`, the 404 page (notfound.html) for a path no area owns where the server knows it, and the areas' frame
 * (frame.html: header, an empty main a screen high, the footer) for every other path. The page's first
 * client render must produce the same markup, so it renders from these same inputs and only then from the live
 * ones (the session, the environment's config, the path); React patches the difference as an ordinary update.
 */
export type PrerenderedKind = 'home' | 'auth' | 'login' | 'frame' | 'notfound';

export interface PrerenderedView {
  kind: PrerenderedKind;
  /** The path the chrome is drawn for; the frame is drawn for no path, so no nav item is current. */
  pathname: string;
  /**
   * The area page whose heading and lede the frame holds in its slot (`frame-albums.html` for `/albums`,
   * docs/decisions/0095-area-first-view-in-the-html.md); none in the plain frame.
   */
  firstView?: FirstViewPath;
}

export const PRERENDERED_VIEWS: Record<PrerenderedKind, PrerenderedView> = {
  home: { kind: 'home', pathname: '/' },
  // `/auth/` draws the compact footer; no nav item is current at either.
  auth: { kind: 'auth', pathname: '/auth/' },
  // The sign-in page with its form (login.html), started on interest like `/`
  // (docs/decisions/0082-layout-shift-and-startup-work.md, "/auth/login before the shell").
  login: { kind: 'login', pathname: '/auth/login' },
  frame: { kind: 'frame', pathname: '' },
  // The shell's 404 page, for a path no area owns
  // (docs/decisions/0077-landing-page-without-the-shell-until-needed.md); drawn for no path, its detail line comes
  // after.
  notfound: { kind: 'notfound', pathname: '' },
};

/** The attribute on `#root` naming what the build put inside it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The attribute on `#root` naming the area page whose first view the frame holds. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

/**
 * The frame with an area page's first view, by that page's path: `/albums` is `frame-albums.html`. tools/start
 * (shell-pages.mjs) and deploy/web's nginx answer the path with it.
 */
export function firstViewFile(path: FirstViewPath): string {
  return `frame-${path.slice(1)}.html`;
}

/** The page a server answers a path with; tools/start and deploy/web's nginx map paths the same way. */
export const PRERENDERED_FILES: Record<PrerenderedKind, string> = {
  home: 'index.html',
  auth: 'auth.html',
  login: 'login.html',
  frame: 'frame.html',
  notfound: 'notfound.html',
};

export function prerenderedKindOf(
  pathname: string,
  isOwned?: (pathname: string) => boolean,
): PrerenderedKind {
  if (pathname === '/') return 'home';
  if (pathname === '/auth/login') return 'login';
  if (pathname.startsWith('/auth/')) return 'auth';
  // Only a server that knows the registry can tell (npm start); without it every other path gets the frame.
  return isOwned && !isOwned(pathname) ? 'notfound' : 'frame';
}

/** The shell config the build renders with: the embedded defaults (shell-config.ts), not an environment's. */
export const PRERENDER_CONFIG: Pick<ShellConfig, 'supportEmail' | 'helpLinks'> = {
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  helpLinks: defaultHelpLinks(HELP_CENTRE_URL),
};

/**
 * The view to hydrate `container` with at `pathname`: the one the build put there when it is the page's kind,
 * otherwise null (a server that answers every path with index.html, say) — the page is then rendered afresh. A
 * path no area owns (`isOwned`, from the registry) wants the 404 page; the frame, which a server without the
 * registry (nginx) sends for it, is hydrated as before.
 */
export function prerenderedViewFor(
  container: Element,
  pathname: string,
  isOwned?: (pathname: string) => boolean,
): PrerenderedView | null {
  const kind = prerenderedKindOf(pathname, isOwned);
  const held = container.getAttribute(PRERENDERED_ATTRIBUTE);
  // The frame may hold an area page's first view: it is hydrated with it, as drawn.
  const firstView = container.getAttribute(FIRST_VIEW_ATTRIBUTE);
  const frame =
    firstView !== null && Object.hasOwn(FIRST_VIEWS, firstView)
      ? { ...PRERENDERED_VIEWS.frame, firstView: firstView as FirstViewPath }
      : PRERENDERED_VIEWS.frame;
  if (held === kind) return kind === 'frame' ? frame : PRERENDERED_VIEWS[kind];
  // A server that maps every /auth/ path to auth.html (one older than login.html) sends the sign-in frame.
  if (kind === 'login' && held === 'auth') return PRERENDERED_VIEWS.auth;
  return kind === 'notfound' && held === 'frame' ? frame : null;
}

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the prerendered markup (and on the server), true from the render right after it:
 * useSyncExternalStore hydrates with the server snapshot and re-renders at once when the client's differs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
