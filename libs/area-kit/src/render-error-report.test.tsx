import { createFakeShellContext } from '@tunehouse/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createArea, routeTemplateAt } from './create-area.js';

type Lifecycle = (props: unknown) => Promise<unknown>;
const asList = (lifecycle: unknown): Lifecycle[] =>
  (Array.isArray(lifecycle) ? lifecycle : [lifecycle]) as Lifecycle[];

function Exploding(): never {
  throw new Error('render failed for mara@example.test');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("an area's render error", () => {
  it('is reported once through the shell with the area name, deployed version and route template', async () => {
    const { shell, record } = createFakeShellContext();
    const area = createArea({
      name: 'wallet',
      shellRange: '^1.0.0',
      routes: [
        { path: '/wallet', element: <p>wallet</p> },
        { path: '/wallet/payouts/:id', element: <Exploding /> },
      ],
    });
    const container = document.createElement('div');
    document.body.appendChild(container);
    const props = {
      name: 'wallet',
      shell,
      areaVersion: '1.2.3',
      domElementGetter: () => container,
      singleSpa: {},
      mountParcel: () => undefined,
    };
    window.history.pushState(null, '', '/wallet/payouts/po_123?tab=details');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const bootstrap of asList(area.bootstrap)) await bootstrap(props);
    for (const mount of asList(area.mount)) await mount(props);
    for (let attempt = 0; attempt < 100 && record.errors.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect(record.errors).toHaveLength(1);
    expect((record.errors[0]!.error as Error).message).toBe('render failed for mara@example.test');
    expect(record.errors[0]!.context).toEqual({
      area: 'wallet',
      areaVersion: '1.2.3',
      route: '/wallet/payouts/:id',
    });
    // The panel is shown as before.
    expect(container.textContent).toContain('render failed');
    for (const unmount of asList(area.unmount)) await unmount(props);
  });

  it('names the route template, not the address', () => {
    const routes = [
      { path: '/albums', element: null },
      { path: '/albums/:id/edit/:step', element: null },
    ];
    expect(routeTemplateAt(routes, '/albums/42/edit/tracks')).toBe('/albums/:id/edit/:step');
    expect(routeTemplateAt(routes, '/elsewhere')).toBeUndefined();
  });
});
