import { act } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShellContext } from '../services/create-shell-context.js';
import { locationStore } from '../services/location-store.js';
import { handOverFirstView, prerenderedFirstViewShown } from './first-view-handover.js';
import {
  TEST_CONFIG,
  hydrateWithoutMismatch,
  prerenderedRoot,
  silentAnalytics,
} from './hydration-testing.js';
import { FIRST_VIEW_ATTRIBUTE, PRERENDERED_VIEWS, prerenderedViewFor } from './prerendered-view.js';
import { renderFirstViewPages, renderPage } from './render-page.js';

/**
 * The page the build prerenders is hydrated, not redrawn (docs/decisions/0070-prerendered-shell-and-short-chain.md):
 * React finds exactly the markup its first render makes, keeps the DOM, and the environment's config then
 * replaces the build's. React's development build reports any difference it finds, as console errors or
 * recoverable errors.
 */
let root: Root | null = null;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

const prerendered = (kind: 'home' | 'frame' | 'notfound'): HTMLElement =>
  prerenderedRoot(kind, renderPage(kind).html);

describe('hydrating the prerendered shell', () => {
  it('keeps the landing page the build drew, then shows the environment config', async () => {
    const container = prerendered('home');
    const h1 = container.querySelector('h1');
    expect(h1?.textContent).toBe('Release your music everywhere. Keep what you earn.');
    const view = prerenderedViewFor(container, '/');
    expect(view).toBe(PRERENDERED_VIEWS.home);
    root = await hydrateWithoutMismatch(container, {
      view,
      owners: { releases: ['/albums/*'] },
      services: createShellContext(TEST_CONFIG, silentAnalytics),
      analytics: silentAnalytics,
    });
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
    const track = vi.fn();
    const live = { identify: () => undefined, track };
    root = await hydrateWithoutMismatch(container, {
      view,
      owners,
      services: createShellContext(TEST_CONFIG, live),
      analytics: live,
    });
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
    const container = prerenderedRoot('frame', page?.html ?? '', { [FIRST_VIEW_ATTRIBUTE]: '/wallet' });
    const slot = container.querySelector<HTMLElement>('#tunehouse-area-slot');
    const drawn = slot?.querySelector('h1');
    expect(drawn?.textContent).toBe('Wallet');
    // With a trailing slash, which servers answer with the same page.
    locationStore.set({ pathname: '/wallet/', search: '' });
    const view = prerenderedViewFor(container, '/wallet/', (pathname) => pathname.startsWith('/wallet'));
    expect(view).toEqual({ ...PRERENDERED_VIEWS.frame, firstView: '/wallet' });
    root = await hydrateWithoutMismatch(container, {
      view,
      owners: { wallet: ['/wallet/*'] },
      services: createShellContext(TEST_CONFIG, silentAnalytics),
      analytics: silentAnalytics,
    });
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
