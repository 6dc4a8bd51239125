import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DrawWhenInView } from './draw-when-in-view.js';

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
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

let root: Root | undefined;
let container: HTMLElement;
beforeEach(() => {
  FakeObserver.all = [];
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
});

function draw() {
  root = createRoot(container);
  act(() =>
    root!.render(
      <DrawWhenInView placeholder={<p>waiting</p>}>
        <p>the chart</p>
      </DrawWhenInView>,
    ),
  );
}

describe('DrawWhenInView', () => {
  it('shows the placeholder until any of its box is in the viewport, then draws once', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    draw();
    const [observer] = FakeObserver.all;
    expect(observer!.options.rootMargin).toBe('0px');
    expect(observer!.observed).toEqual([container.firstElementChild]);
    expect(container.textContent).toBe('waiting');

    observer!.report(false);
    expect(container.textContent).toBe('waiting');

    observer!.report(true);
    expect(container.textContent).toBe('the chart');
    expect(observer!.disconnected).toBe(true);
  });

  it('stops watching when it is gone before it was seen', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    draw();
    act(() => root!.unmount());
    root = undefined;
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    draw();
    expect(container.textContent).toBe('the chart');
  });
});
