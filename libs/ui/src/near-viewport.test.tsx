import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, lazy, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DrawWhenInView } from './draw-when-in-view.js';
import { useNearViewport, type WhenReady } from './near-viewport.js';

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
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
});
afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
});

function render(node: ReactNode) {
  root = createRoot(container);
  act(() => root!.render(node));
}

function unmount() {
  act(() => root?.unmount());
  root = undefined;
}

function Probe({ onNear, whenReady }: { onNear: () => void; whenReady: WhenReady }) {
  const ref = useNearViewport<HTMLAnchorElement>(onNear, { whenReady });
  return <a ref={ref} href="/trends" />;
}

describe('useNearViewport', () => {
  it('watches with the spec’s 200px margin and reports once, the first time the element comes near', () => {
    const onNear = vi.fn();
    render(<Probe onNear={onNear} whenReady={(run) => run()} />);
    const [observer] = FakeObserver.all;
    expect(observer!.options.rootMargin).toBe('200px');
    expect(observer!.observed).toEqual([container.querySelector('a')]);
    observer!.report(false);
    expect(onNear).not.toHaveBeenCalled();
    observer!.report(true);
    expect(onNear).toHaveBeenCalledOnce();
    expect(observer!.disconnected).toBe(true);
  });

  it('does not watch before it is ready, nor once the element is gone', () => {
    let ready = () => undefined as void;
    render(<Probe onNear={vi.fn()} whenReady={(run) => (ready = run)} />);
    expect(FakeObserver.all).toHaveLength(0);
    ready();
    expect(FakeObserver.all).toHaveLength(1);

    unmount();
    let readyLater = () => undefined as void;
    render(<Probe onNear={vi.fn()} whenReady={(run) => (readyLater = run)} />);
    unmount();
    readyLater();
    expect(FakeObserver.all).toHaveLength(1);
  });

  it('reports nothing without IntersectionObserver unless asked to report at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onNear = vi.fn();
    render(<Probe onNear={onNear} whenReady={(run) => run()} />);
    expect(onNear).not.toHaveBeenCalled();
  });
});

describe('DrawWhenInView', () => {
  const drawn = () =>
    render(
      <DrawWhenInView placeholder={<p>waiting</p>}>
        <p>the chart</p>
      </DrawWhenInView>,
    );

  it('shows the placeholder until any of its box is in the viewport, then draws once', () => {
    drawn();
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

  it('keeps the placeholder while a lazy child loads', async () => {
    let load = (_: { default: () => ReactNode }) => undefined as void;
    const Lazy = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (load = resolve)));
    render(
      <DrawWhenInView placeholder={<p>waiting</p>}>
        <Lazy />
      </DrawWhenInView>,
    );
    FakeObserver.all[0]!.report(true);
    expect(container.textContent).toBe('waiting');
    await act(async () => load({ default: () => <p>the chart</p> }));
    expect(container.textContent).toBe('the chart');
  });

  it('stops watching when it is gone before it was seen', () => {
    drawn();
    unmount();
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    drawn();
    expect(container.textContent).toBe('the chart');
  });
});
