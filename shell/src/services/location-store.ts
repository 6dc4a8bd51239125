import { createStore } from './store.js';

export interface LocationSnapshot {
  pathname: string;
  search: string;
}

// No window when the build prerenders the shell's pages in Node (shell/src/prerender): no location either.
const read = (): LocationSnapshot =>
  typeof window === 'undefined'
    ? { pathname: '', search: '' }
    : { pathname: window.location.pathname, search: window.location.search };

/**
 * The current URL as a store. single-spa fires a popstate after every pushState/replaceState once started,
 * so listening to popstate sees navigations made by the shell and by any area's router alike.
 */
export const locationStore = createStore<LocationSnapshot>(read());

export function watchLocation(): () => void {
  const update = () => {
    const next = read();
    const current = locationStore.get();
    if (next.pathname !== current.pathname || next.search !== current.search) locationStore.set(next);
  };
  window.addEventListener('popstate', update);
  window.addEventListener('single-spa:routing-event', update);
  return () => {
    window.removeEventListener('popstate', update);
    window.removeEventListener('single-spa:routing-event', update);
  };
}
