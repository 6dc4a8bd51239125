import { act } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultHelpLinks } from '@tunehouse/shell-contract';
import { ShellApp } from '../shell-app.js';
import { createShellContext } from '../services/create-shell-context.js';
import { locationStore } from '../services/location-store.js';
import type { FullShellConfig } from '../services/shell-config.js';
import { handOverFirstView, prerenderedFirstViewShown } from './first-view-handover.js';
import {
  FIRST_VIEW_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_VIEWS,
  prerenderedViewFor,
} from './prerendered-view.js';
import { renderFirstViewPages, renderPage } from './render-page.js';

/**
 * The page the build prerenders is hydrated, not redrawn (docs/decisions/0070-prerendered-shell-and-short-chain.md):
 * React finds exactly the markup its first render makes, keeps the DOM, and the environment's config then
 * replaces the build's. React's development build reports any difference it finds, as console errors or
 * recoverable errors.
 */
const config: FullShellConfig = {
  apiBaseUrl: 'http://localhost:3000',
  supportEmail: 'help@label.example',
  productName: 'Tunehouse',
  siteUrl: 'http://localhost:4200',
  registryUrl: '/remotes.json',
  helpLinks: defaultHelpLinks('https://docs.label.example'),
  announcement: { usersCreatedBefore: '2023-11-14', hiddenAfter: '2023-12-14' },
};
const analytics = { identify: () => undefined, track: () => undefined };

let root: Root | null = null;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

function prerendered(kind: 'home' | 'frame' | 'notfound'): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTRIBUTE, kind);
  container.innerHTML = renderPage(kind).html;
  document.body.append(container);
  return container;
}

describe('hydrating the prerendered shell', () => {
  it('keeps the landing page the build drew, then shows the environment config', async () => {
    const container = prerendered('home');
    const h1 = container.querySelector('h1');
    expect(h1?.textContent).toBe('Release your music everywhere. Keep what you earn.');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const view = prerenderedViewFor(container, '/');
    expect(view).toBe(PRERENDERED_VIEWS.home);
    await act(async () => {
      flushSync(() => {
        root = hydrateRoot(
          container,
          <ShellApp
            services={createShellContext(config, analytics)}
            analytics={analytics}
            owners={{ releases: ['/albums/*'] }}
            registryError={null}
            prerendered={view}
          />,
          { onRecoverableError: recoverable },
        );
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // The same element: hydrated in place, not drawn again.
    expect(container.querySelector('h1')).toBe(h1);
    // The render after hydration is the live one.
    expect(container.querySelector('header a[href^="mailto:"]')?.getAttribute('href')).toBe(
      'mailto:help@label.example',
    );
  });

  it('keeps the 404 page the build drew for a path no area owns, then adds its path and reports it once', async () => {
    const container = prerendered('notfound');
    const h1 = container.querySelector('h1');
    expect(h1?.textContent).toBe('Something is missing');
    const owners = { releases: ['/albums/*'] };
    const isOwned = (pathname: string) => pathname.startsWith('/albums');
    locationStore.set({ pathname: '/no/such/page', search: '' });
    const view = prerenderedViewFor(container, '/no/such/page', isOwned);
    expect(view).toBe(PRERENDERED_VIEWS.notfound);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const track = vi.fn();
    const live = { identify: () => undefined, track };
    await act(async () => {
      flushSync(() => {
        root = hydrateRoot(
          container,
          <ShellApp
            services={createShellContext(config, live)}
            analytics={live}
            owners={owners}
            registryError={null}
            prerendered={view}
          />,
          { onRecoverableError: recoverable },
        );
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(h1);
    expect(container.querySelector('[data-testid="error-detail"]')?.textContent).toContain('/no/such/page');
    expect(track.mock.calls.filter(([name]) => name === 'page:error')).toEqual([
      ['page:error', { status: 404, detail: '/no/such/page' }],
    ]);
    locationStore.set({ pathname: '/', search: '' });
  });

  // docs/decisions/0095-area-first-view-in-the-html.md
  it("keeps an area page's first view until the area draws its heading, then removes it before a paint", async () => {
    const page = renderFirstViewPages().find((candidate) => candidate.path === '/wallet');
    expect(page?.file).toBe('frame-wallet.html');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(PRERENDERED_ATTRIBUTE, 'frame');
    container.setAttribute(FIRST_VIEW_ATTRIBUTE, '/wallet');
    container.innerHTML = page?.html ?? '';
    document.body.append(container);
    const slot = container.querySelector<HTMLElement>('#tunehouse-area-slot');
    const drawn = slot?.querySelector('h1');
    expect(drawn?.textContent).toBe('Wallet');
    // With a trailing slash, which servers answer with the same page.
    locationStore.set({ pathname: '/wallet/', search: '' });
    const view = prerenderedViewFor(container, '/wallet/', (pathname) => pathname.startsWith('/wallet'));
    expect(view).toEqual({ ...PRERENDERED_VIEWS.frame, firstView: '/wallet' });
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      flushSync(() => {
        root = hydrateRoot(
          container,
          <ShellApp
            services={createShellContext(config, analytics)}
            analytics={analytics}
            owners={{ wallet: ['/wallet/*'] }}
            registryError={null}
            prerendered={view}
          />,
          { onRecoverableError: recoverable },
        );
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydrated in place, and still there after the live render.
    expect(slot?.querySelector('h1')).toBe(drawn);
    const swaps: boolean[] = [];
    handOverFirstView(slot as HTMLElement, () => {
      swaps.push(true);
      flushSync(() => prerenderedFirstViewShown.set(false));
    });
    // The area's container with something else than its page: the first view stays.
    const area = document.createElement('div');
    area.dataset['area'] = 'wallet';
    slot?.append(area);
    area.append(document.createElement('div'));
    await Promise.resolve();
    expect(swaps).toEqual([]);
    expect(slot?.contains(drawn ?? null)).toBe(true);
    // Its heading: the first view goes in the observer's callback, a microtask, before any paint.
    const heading = document.createElement('h1');
    heading.textContent = 'Wallet';
    await act(async () => {
      area.append(heading);
      await Promise.resolve();
    });
    expect(swaps).toEqual([true]);
    expect(slot?.contains(drawn ?? null)).toBe(false);
    expect([...(slot?.querySelectorAll('h1') ?? [])]).toEqual([heading]);
    act(() => {
      prerenderedFirstViewShown.set(true);
      locationStore.set({ pathname: '/', search: '' });
    });
  });

  it('is skipped when the page holds another kind than the path wants', () => {
    expect(prerenderedViewFor(prerendered('home'), '/albums')).toBeNull();
    expect(prerenderedViewFor(prerendered('frame'), '/albums')).toBe(PRERENDERED_VIEWS.frame);
    expect(prerenderedViewFor(prerendered('frame'), '/auth/login')).toBeNull();
    // A server without the registry (nginx) sends the frame for a path no area owns: hydrated as the frame.
    const owned = (pathname: string) => pathname.startsWith('/albums');
    expect(prerenderedViewFor(prerendered('frame'), '/nowhere', owned)).toBe(PRERENDERED_VIEWS.frame);
    expect(prerenderedViewFor(prerendered('notfound'), '/albums', owned)).toBeNull();
  });
});
