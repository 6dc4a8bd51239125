import { createStore } from '../services/store.js';

/**
 * The hand-over from an area page's first view, which the build drew into the frame's slot
 * (docs/decisions/0095-area-first-view-in-the-html.md), to the area's own page. The two draw the same heading and
 * lede with the same styles (`Page` and FIRST_VIEWS of @tunehouse/ui), so the swap is invisible when it happens in
 * one frame: the first view goes in the same task as the area's heading appears, before the browser paints.
 */

/** Whether the prerendered first view is still in the slot (ShellApp reads it). */
export const prerenderedFirstViewShown = createStore(true);

/**
 * Watches `slot` until an area has drawn a page heading into its container, then calls `swap()`, which must remove
 * the first view synchronously (flushSync). A MutationObserver's callback runs before the next paint, so the
 * area's page is never seen below the first view. Answers a function that stops watching.
 */
export function handOverFirstView(slot: HTMLElement, swap: () => void): () => void {
  const drawn = () => slot.querySelector(':scope > [data-area] h1') !== null;
  if (drawn()) {
    swap();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    swap();
  });
  observer.observe(slot, { childList: true, subtree: true });
  return () => observer.disconnect();
}
