import { useSyncExternalStore } from 'react';

/**
 * The browser location as an area sees it, for the router (wouter's `hook`) and the routing hooks.
 *
 * It changes on `popstate` and `hashchange` and when the area itself navigates — not the moment anything calls
 * `history.pushState`. The shell routes with single-spa, which holds `popstate` listeners back until it has asked
 * the areas (`before-routing-event`: an editor with unsaved changes may cancel) and mounted or unmounted them.
 * Re-rendering an area at the pushState itself, as the router's own browser hook does, would show the area a path
 * it does not own and unmount the very page that was about to ask "Leave without saving?".
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

/** wouter's location hook: `[path, navigate]`. */
export function useAreaLocation(): [string, typeof navigateTo] {
  return [useLocationPart(readPathname), navigateTo];
}

/** wouter's search hook: the query without its `?`. */
function useAreaSearch(): string {
  return useLocationSearch().replace(/^\?/, '');
}
useAreaLocation.searchHook = useAreaSearch;
