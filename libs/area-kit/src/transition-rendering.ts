import { startTransition } from 'react';
import type { Root, RootOptions } from 'react-dom/client';

/** What single-spa-react needs of `react-dom/client`: a root to render the area into and unmount. */
export interface RootClient {
  createRoot(container: Element | DocumentFragment, options?: RootOptions): Root;
}

/**
 * `react-dom/client` for single-spa-react, with each render of an area's root handed to React as a transition.
 * React renders an ordinary update in one go, a task as long as the whole page; a transition it renders in slices of
 * about 5 ms and lets the browser paint and answer input between them. On a slow phone the area's first render was
 * a long task of its own (docs/decisions/0082-layout-shift-and-startup-work.md). A lazy page's Suspense boundary is
 * new at that render, so its fallback still shows while the page's chunk loads.
 */
export function transitionRendering(
  client: RootClient,
  transition: (render: () => void) => void = startTransition,
): RootClient {
  return {
    createRoot(container, options) {
      const root = client.createRoot(container, options);
      return {
        render: (children) => transition(() => root.render(children)),
        unmount: () => root.unmount(),
      };
    },
  };
}
