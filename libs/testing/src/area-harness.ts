import type { AreaDefinition } from '@tunehouse/area-kit';
import { renderAreaRoute } from './render-area-route.js';

/**
 * `open(url)` renders the area at that URL under a fake shell and remembers how to take it down again;
 * `unmountArea()` does that, and belongs in the test file's `afterEach`, so one test's area never lingers into
 * the next. One harness per test file.
 */
export function areaHarness(area: AreaDefinition) {
  let cleanup: (() => void) | undefined;
  return {
    open: async (url: string, options: Parameters<typeof renderAreaRoute>[2] = {}) => {
      const rendered = await renderAreaRoute(area, url, options);
      cleanup = rendered.unmount;
      return rendered;
    },
    unmountArea: () => {
      cleanup?.();
      cleanup = undefined;
    },
  };
}
