import { findOwner, type RemoteRegistry } from '@tunehouse/shell-contract';

/**
 * How far ahead an area is fetched: its manifest and entry only (`entry`, ~14 KB gzip), or also the chunks of its
 * `./app`, run, so that a visit only mounts it (`app`, ~55 KB gzip: when its link is hovered or focused, and for the
 * nav's areas when the browser is idle on an ordinary connection).
 */
export type PrefetchDepth = 'entry' | 'app';

/** Fetches an area ahead of a visit (the federation runtime's preloadRemote). */
export type PreloadArea = (scope: string, depth: PrefetchDepth) => Promise<void>;

export interface AreaPrefetch {
  /** The area owning `href` starts loading now (to `depth`), unless it was fetched that far already. */
  prefetch(href: string, depth?: PrefetchDepth): void;
  /** Once the page is loaded and the browser idle, the areas behind `hrefs` (the nav's) are prefetched. */
  prefetchWhenIdle(hrefs: readonly string[]): void;
}

/** Marked when the idle prefetch starts: bench:web counts what a first load needs apart from what it prefetched. */
export const IDLE_PREFETCH_MARK = 'tunehouse:idle-prefetch';

const pathnameOf = (href: string) => new URL(href, 'http://shell.invalid').pathname;

/**
 * Prefetching an area only warms the federation runtime's cache; the area is mounted by single-spa as before,
 * through loadArea's checks. A failed prefetch is forgotten (`forget` resets the runtime's record of that remote,
 * as a retry does), so the visit itself fetches again and, if it fails too, shows the area's own error page.
 */
export function createAreaPrefetch(
  registry: RemoteRegistry,
  preload: PreloadArea,
  forget: (area: string) => void,
  idle: (run: () => void) => void = whenLoadedAndIdle,
  /** An area whose failure the visitor is shown is left alone: its error page's "Try again" fetches it. */
  hasFailed: (area: string) => boolean = () => false,
  /** How far the idle prefetch goes for the nav's areas. */
  idleDepth: () => PrefetchDepth = depthForConnection,
): AreaPrefetch {
  const owners = Object.fromEntries(
    Object.entries(registry.areas).map(([area, entry]) => [area, entry.routes]),
  );
  const started = new Map<string, PrefetchDepth>();
  const prefetch = (href: string, depth: PrefetchDepth = 'app') => {
    const area = findOwner(owners, pathnameOf(href));
    const entry = area === null ? undefined : registry.areas[area];
    if (area === null || !entry || hasFailed(area)) return;
    if (started.get(area) === 'app' || started.get(area) === depth) return;
    started.set(area, depth);
    preload(entry.scope, depth).catch(() => {
      started.delete(area);
      forget(area);
    });
  };
  return {
    prefetch,
    prefetchWhenIdle: (hrefs) =>
      idle(() => {
        performance.mark(IDLE_PREFETCH_MARK);
        const depth = idleDepth();
        for (const href of hrefs) prefetch(href, depth);
      }),
  };
}

/** What the Network Information API tells of the visitor's connection (Chromium only; absent elsewhere). */
type NetworkHints = { saveData?: boolean; effectiveType?: string };

/**
 * The nav's areas are fetched and run when idle (`app`) unless the visitor's connection asks to save data or is
 * 2G/3G-class, where only their entries are (`entry`) and the rest waits for a hover. Running an area's code before
 * the click took the area switch from 271 to 177 ms (`/trends`) and 212 to 144 ms (`/artists`) in bench:web: the
 * script evaluation (the area's schemas, its router) was a third of the switch.
 */
export function depthForConnection(
  connection: NetworkHints | undefined = (navigator as Navigator & { connection?: NetworkHints }).connection,
): PrefetchDepth {
  if (connection?.saveData) return 'entry';
  return connection?.effectiveType === undefined || connection.effectiveType === '4g' ? 'app' : 'entry';
}

/**
 * Once the first page is complete — the load event, and single-spa's first routing done, i.e. the area of the
 * address mounted (its code arrives after the load event) — at the browser's next idle period.
 */
function whenLoadedAndIdle(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 200);
  const loaded = new Promise<void>((resolve) =>
    document.readyState === 'complete'
      ? resolve()
      : window.addEventListener('load', () => resolve(), { once: true }),
  );
  const routed = new Promise<void>((resolve) =>
    window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }),
  );
  void Promise.all([loaded, routed]).then(idle);
}

/** No prefetch (before the registry is read, in tests, or when it could not be). */
export const NO_PREFETCH: AreaPrefetch = { prefetch: () => undefined, prefetchWhenIdle: () => undefined };

let current: AreaPrefetch = NO_PREFETCH;

/** The shell's prefetcher, set once the areas are registered; nav links ask it on hover and focus. */
export const areaPrefetch = {
  set: (prefetcher: AreaPrefetch) => {
    current = prefetcher;
  },
  prefetch: (href: string, depth: PrefetchDepth = 'app') => current.prefetch(href, depth),
};
