import { findOwner, type RegistryEntry, type RemoteRegistry } from '@tunehouse/shell-contract';

/**
 * How far ahead an area is fetched. `download`: its manifest, remote entry and the first chunks of its `./app` go
 * into the HTTP cache and nothing of it runs (the idle prefetch, on a device that can spare it). `app`: loaded and
 * run through the federation runtime, so that a visit only mounts it (when a link to it is hovered or focused).
 */
export type PrefetchDepth = 'download' | 'app';

/** Fetches an area ahead of a visit, to `depth`. */
export type PreloadArea = (entry: RegistryEntry, depth: PrefetchDepth) => Promise<void>;

export interface AreaPrefetch {
  /** The area owning `href` starts loading now (to `depth`), unless it was fetched that far already. */
  prefetch(href: string, depth?: PrefetchDepth): void;
  /** Once the page is loaded and the browser idle, the areas behind `hrefs` (the nav's) are downloaded. */
  prefetchWhenIdle(hrefs: readonly string[]): void;
}

/** Marked when the idle prefetch starts: bench:web counts what a first load needs apart from what it prefetched. */
export const IDLE_PREFETCH_MARK = 'tunehouse:idle-prefetch';

const pathnameOf = (href: string) => new URL(href, 'http://shell.invalid').pathname;

/**
 * Prefetching an area only warms the HTTP cache (`download`) or the federation runtime's (`app`); the area is
 * mounted by single-spa as before, through loadArea's checks. A failed prefetch is forgotten (`forget` resets the
 * runtime's record of that remote, as a retry does, after a failed `app`), so the visit itself fetches again and,
 * if it fails too, shows the area's own error page.
 */
export function createAreaPrefetch(
  registry: RemoteRegistry,
  preload: PreloadArea,
  forget: (area: string) => void,
  idle: (run: () => void) => void = whenLoadedAndIdle,
  /** An area whose failure the visitor is shown is left alone: its error page's "Try again" fetches it. */
  hasFailed: (area: string) => boolean = () => false,
  /** Whether this device and connection can spare the idle downloads (mayPrefetchWhenIdle). */
  mayPrefetch: () => boolean = () => mayPrefetchWhenIdle(),
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
    preload(entry, depth).catch(() => {
      started.delete(area);
      if (depth === 'app') forget(area);
    });
  };
  return {
    prefetch,
    prefetchWhenIdle: (hrefs) =>
      idle(() => {
        if (!mayPrefetch()) return;
        performance.mark(IDLE_PREFETCH_MARK);
        // The area of the address is loaded already: downloading its files again only re-asked the browser's
        // cache, and bench:web then took the page's own chunks for prefetched ones (it counts by URL).
        const here = findOwner(owners, window.location.pathname);
        for (const href of hrefs)
          if (findOwner(owners, pathnameOf(href)) !== here) prefetch(href, 'download');
      }),
  };
}

/**
 * What the browser tells of the device and its connection: `deviceMemory` (GB, rounded) and the Network
 * Information API's `saveData` and `effectiveType` are Chromium's only, `hardwareConcurrency` everyone's.
 */
export interface DeviceHints {
  deviceMemory?: number;
  hardwareConcurrency?: number;
  saveData?: boolean;
  effectiveType?: string;
}

export function deviceHints(): DeviceHints {
  const nav = navigator as Navigator & {
    deviceMemory?: number;
    connection?: { saveData?: boolean; effectiveType?: string };
  };
  return {
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
    saveData: nav.connection?.saveData,
    effectiveType: nav.connection?.effectiveType,
  };
}

/**
 * The idle prefetch downloads the nav's areas (~55 KB each) only on a device that can spare it: 4 or more cores,
 * 4 GB or more of memory when the browser says, no Save-Data, not a 2G-class connection. A phone's CPU is what a
 * first visit waits on (Lighthouse's mobile preset: 181 ms of the analytics area's script ran on `/` when the
 * idle prefetch ran areas' code), and `effectiveType` reports 4g under simulated throttling, so the device's own
 * size is asked too. Hover and focus still load an area whatever the device: the visitor has shown interest.
 */
export function mayPrefetchWhenIdle(hints: DeviceHints = deviceHints()): boolean {
  if (hints.saveData) return false;
  if (hints.effectiveType === '2g' || hints.effectiveType === 'slow-2g') return false;
  if (hints.deviceMemory !== undefined && hints.deviceMemory < 4) return false;
  return hints.hardwareConcurrency !== undefined && hints.hardwareConcurrency >= 4;
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
