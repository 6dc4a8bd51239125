import { useMemo, useSyncExternalStore } from 'react';
import { createPath, type Navigator, type To } from 'react-router';

/**
 * The browser location as an area sees it: the location the area's router matches (`<Router location>`) and the
 * routing hooks read, and the router's navigator.
 *
 * It changes on `popstate` and `hashchange` and when the area itself navigates — not the moment anything calls
 * `history.pushState`. The shell routes with single-spa, which holds `popstate` listeners back until it has asked
 * the areas (`before-routing-event`: an editor with unsaved changes may cancel) and mounted or unmounted them.
 * Re-rendering an area at the pushState itself would show the area a path it does not own and unmount the very
 * page that was about to ask "Leave without saving?".
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('popstate', notify);
    window.addEventListener('hashchange', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', notify);
      window.removeEventListener('hashchange', notify);
    }
  };
}

/** One property of `window.location`, re-read whenever the area's view of the location changes. */
function useLocationPart(read: () => string): string {
  return useSyncExternalStore(subscribe, read, () => '');
}

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** The area's own navigation: a history entry (replaced with `replace`), and every reader told at once. */
export function navigateTo(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  window.history[replace ? 'replaceState' : 'pushState'](state, '', to);
  notify();
}

const readPathname = () => window.location.pathname;
const readSearch = () => window.location.search;
const readHash = () => window.location.hash;

/** The query as the address spells it (with its `?`, or ''), undecoded. */
export function useLocationSearch(): string {
  return useLocationPart(readSearch);
}

/** The `#fragment` (with its `#`, or ''). */
export function useLocationHash(): string {
  return useLocationPart(readHash);
}

/** The location react-router matches the area's routes against: path, query and hash as the address spells them. */
export function useAreaLocation(): { pathname: string; search: string; hash: string } {
  const pathname = useLocationPart(readPathname);
  const search = useLocationSearch();
  const hash = useLocationHash();
  return useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
}

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** react-router's navigator (`<Router navigator>`): its links and `<Navigate>` move through {@link navigateTo}. */
export const areaNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to, state) => navigateTo(href(to), { state }),
  replace: (to, state) => navigateTo(href(to), { replace: true, state }),
};
