import { loginPath, type SessionPort } from '@tunehouse/shell-contract';
import { guardRoute } from './route-guard.js';

export interface SessionWatchOptions {
  session: SessionPort;
  /** True while the user ends the session on purpose. */
  isEnding: () => boolean;
  isOwned: (pathname: string) => boolean;
  /** Replaces the current history entry (a redirect should not be a step back). */
  replace: (to: string) => void;
  /** Path and query of the page now. */
  here: () => string;
  /** Called with the watched location's subscribe, so guards run on every navigation. */
  onLocationChange: (listener: () => void) => () => void;
  log?: (message: string) => void;
}

/**
 * Runs the route guards on every navigation and session change. A signed-in user whose session disappears goes
 * to the login with expired=true and the page they were on.
 */
export function watchSession(options: SessionWatchOptions): () => void {
  const { session } = options;
  const enforce = () => {
    const redirect = guardRoute(options.here(), session.current(), options.isOwned);
    if (!redirect) return;
    options.log?.(redirect.reason);
    options.replace(redirect.to);
  };

  let previous = session.current();
  const stopSession = session.subscribe((next) => {
    const ended = previous !== null && next === null;
    previous = next;
    if (ended && !options.isEnding()) {
      const here = options.here();
      if (!here.startsWith('/auth/')) return options.replace(loginPath(here, true));
    }
    enforce();
  });
  const stopLocation = options.onLocationChange(enforce);
  enforce();
  return () => {
    stopSession();
    stopLocation();
  };
}
