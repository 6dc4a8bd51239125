import { describe, expect, it, vi } from 'vitest';
import { RoutePlaceholder, createArea } from '@tunehouse/area-kit';
import { createFakeShellContext } from './fake-shell-context.js';

type Lifecycle = (props: unknown) => Promise<unknown>;
const all = (value: unknown) => (Array.isArray(value) ? value : [value]) as Lifecycle[];

async function rendered(container: HTMLElement, selector: string) {
  for (let i = 0; i < 300; i += 1) {
    const element = container.querySelector(selector);
    if (element) return element;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${selector} never rendered`);
}

describe('an area made with createArea, driven by the fake shell', () => {
  const area = createArea({
    name: 'sample',
    shellRange: '^1.0.0',
    routes: [{ path: '/things/:id', element: <RoutePlaceholder title="Thing" area="sample" /> }],
  });

  it('describes itself in meta with its route patterns', () => {
    expect(area.meta).toEqual({ name: 'sample', routes: ['/things/:id'], shellRange: '^1.0.0' });
  });

  it('refuses to bootstrap under a shell that does not keep the contract', async () => {
    await expect(
      all(area.bootstrap)[0]!({ name: 'sample', shell: { contractVersion: 1 } }),
    ).rejects.toThrow();
  });

  it('mounts its route with parameters, reports the page title and class names keyed by the area', async () => {
    const { shell, record } = createFakeShellContext();
    const container = document.createElement('div');
    document.body.appendChild(container);
    const props = {
      name: 'sample',
      shell,
      domElementGetter: () => container,
      singleSpa: {},
      mountParcel: () => 0,
    };
    window.history.pushState(null, '', '/things/42?tab=files');
    for (const step of all(area.bootstrap)) await step(props);
    for (const step of all(area.mount)) await step(props);

    expect((await rendered(container, 'h1')).textContent).toBe('Thing');
    expect(container.querySelector('[data-param="id"]')?.textContent).toBe('42');
    expect(container.querySelector('[data-param="?tab"]')?.textContent).toBe('files');
    await vi.waitFor(() => expect(record.pageMeta.at(-1)?.title).toBe('Thing'));
    expect(document.head.querySelector('style[data-emotion^="sample"]')).not.toBeNull();

    window.history.pushState(null, '', '/elsewhere');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect((await rendered(container, '[data-testid="error-detail"]')).textContent).toBe(
      'status: 404 | detail: /elsewhere',
    );

    for (const step of all(area.unmount)) await step(props);
    expect(container.childElementCount).toBe(0);
  });
});
