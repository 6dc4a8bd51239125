import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { PREFETCH_ROOT_MARGIN, useNearViewport, type WhenSettled } from './near-viewport.js';

/** A stand-in for the browser's observer (jsdom has none): records its options and is told what is in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let cleanup: (() => void) | undefined;
beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
});

function mount(onNear: () => void, whenSettled: WhenSettled) {
  function Probe() {
    const ref = useNearViewport<HTMLAnchorElement>(onNear, whenSettled);
    return <a ref={ref} href="/trends" />;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<Probe />));
  cleanup = () => act(() => root.unmount());
  return container.querySelector('a')!;
}

describe('a link near the viewport', () => {
  it('is watched with a 200px margin and reported once, the first time it comes near', () => {
    const onNear = vi.fn();
    const link = mount(onNear, (run) => run());
    const [observer] = FakeObserver.all;
    expect(PREFETCH_ROOT_MARGIN).toBe('200px');
    expect(observer!.options.rootMargin).toBe('200px');
    expect(observer!.observed).toEqual([link]);
    observer!.report(false);
    expect(onNear).not.toHaveBeenCalled();
    observer!.report(true);
    expect(onNear).toHaveBeenCalledOnce();
    expect(observer!.disconnected).toBe(true);
  });

  it('is not watched before the first page has settled, nor after it is gone', () => {
    let settle = () => undefined as void;
    const onNear = vi.fn();
    mount(onNear, (run) => {
      settle = run;
    });
    expect(FakeObserver.all).toHaveLength(0);
    settle();
    expect(FakeObserver.all).toHaveLength(1);

    const later = vi.fn();
    let settleLater = () => undefined as void;
    cleanup?.();
    mount(later, (run) => {
      settleLater = run;
    });
    cleanup?.();
    cleanup = undefined;
    settleLater();
    expect(FakeObserver.all).toHaveLength(1);
  });
});
