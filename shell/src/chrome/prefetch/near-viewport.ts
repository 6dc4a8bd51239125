import type { RefObject } from 'react';
import { useNearViewport as useNear, type WhenReady } from '@tunehouse/ui';

/** Runs `run` once the first page is complete (load event, single-spa's first routing) and the browser idle. */
export type WhenSettled = WhenReady;

let settled: Promise<void> | undefined;
/**
 * Watching starts only then, so that the links in view on arrival do not compete with the first page for the
 * network (the first-load budgets of decision 0057 stay as measured).
 */
const afterFirstPage: WhenSettled = (run) => {
  settled ??= Promise.all([
    new Promise<void>((resolve) =>
      document.readyState === 'complete'
        ? resolve()
        : window.addEventListener('load', () => resolve(), { once: true }),
    ),
    new Promise<void>((resolve) =>
      window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }),
    ),
  ]).then(
    () =>
      new Promise<void>((resolve) =>
        'requestIdleCallback' in window
          ? window.requestIdleCallback(() => resolve(), { timeout: 3000 })
          : setTimeout(resolve, 200),
      ),
  );
  void settled.then(run);
};

/**
 * Calls `onNear` once, the first time the element is within the product spec's prefetch margin (200px, the
 * shared hook's default) of the viewport, on any side, after the first page settled; then stops watching it. Nothing
 * happens without IntersectionObserver: a prefetch is optional. The hook's own tests are in libs/ui.
 */
export function useNearViewport<E extends Element>(
  onNear: () => void,
  whenSettled: WhenSettled = afterFirstPage,
): RefObject<E | null> {
  return useNear<E>(onNear, { whenReady: whenSettled, withoutObserver: 'never' });
}
