import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { AreaRoot, PAGE_LOADING_MARKER, type AreaDefinition } from '@tunehouse/area-kit';
import { createFakeShellContext, type FakeShellOptions } from './fake-shell-context.js';

/**
 * Renders one route of an area, as the shell would mount it, into the document under a fake shell. The URL is
 * set first so the area's router starts there. `unmount` must be called after each test.
 */
export async function renderAreaRoute(area: AreaDefinition, url: string, options: FakeShellOptions = {}) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.history.replaceState(null, '', url);
  const fake = createFakeShellContext({ pushHistory: true, ...options });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(<AreaRoot shell={fake.shell} area={area} />));
  // A page split into its own chunk (lazyPage) arrives after a dynamic import: the route is rendered once it has.
  while (container.querySelector(`[${PAGE_LOADING_MARKER}]`))
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  return {
    ...fake,
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
