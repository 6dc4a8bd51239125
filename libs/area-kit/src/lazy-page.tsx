import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A route element whose page is its own chunk, fetched when the route is first visited: an area's first load
 * carries its landing page, not every page it owns (docs/decisions/0057-web-first-load-budgets.md). Nothing is
 * shown while the chunk arrives (a frame or two from cache or a prefetch); a chunk that cannot be fetched fails
 * like any render, into the area's error panel.
 *
 * @example { path: '/albums/new', element: lazyPage(() => import('./editor/editor-page.js'), (m) => m.NewReleasePage) }
 */
/** The attribute of what a lazy page shows while its chunk arrives. */
export const PAGE_LOADING_MARKER = 'data-page-loading';

export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): ReactElement {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return (
    <Suspense fallback={<span hidden {...{ [PAGE_LOADING_MARKER]: '' }} />}>
      <Page />
    </Suspense>
  );
}
