import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent, screen } from '@testing-library/dom';
import { TOOLTIP_DELAY_MS, Tooltip } from './tooltip.js';

let root: Root | undefined;
let container: HTMLElement | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.useRealTimers();
});

function render(node: ReactNode) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(node));
}

const bubble = () => screen.queryByRole('tooltip');

describe('Tooltip', () => {
  it('waits the spec’s 500 ms before it shows on hover, and hides at once on leaving', () => {
    expect(TOOLTIP_DELAY_MS).toBe(500);
    render(
      <Tooltip content="Open on Spotify">
        <a href="https://open.spotify.com/artist/x">Spotify</a>
      </Tooltip>,
    );
    const link = screen.getByRole('link', { name: 'Spotify' });
    act(() => fireEvent.mouseOver(link.parentElement!));
    act(() => vi.advanceTimersByTime(499));
    expect(bubble()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(bubble()?.textContent).toBe('Open on Spotify');
    act(() => fireEvent.mouseOut(link.parentElement!));
    expect(bubble()).toBeNull();
  });

  it('does not show when the pointer leaves before the delay', () => {
    render(
      <Tooltip content="Hint">
        <button>Target</button>
      </Tooltip>,
    );
    const wrapper = screen.getByRole('button').parentElement!;
    act(() => fireEvent.mouseOver(wrapper));
    act(() => vi.advanceTimersByTime(300));
    act(() => fireEvent.mouseOut(wrapper));
    act(() => vi.advanceTimersByTime(1000));
    expect(bubble()).toBeNull();
  });

  it('shows on keyboard focus after the delay, hides on Escape and blur, and always describes its element', () => {
    render(
      <Tooltip content="Two more profiles" delay={200}>
        <button aria-describedby="own-hint">+2</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: '+2' });
    const describedBy = button.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy[0]).toBe('own-hint');
    expect(document.getElementById(describedBy[1]!)?.textContent).toBe('Two more profiles');
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(200));
    expect(bubble()).not.toBeNull();
    act(() => fireEvent.keyDown(button, { key: 'Escape' }));
    expect(bubble()).toBeNull();
    act(() => button.blur());
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(200));
    expect(bubble()).not.toBeNull();
    act(() => button.blur());
    expect(bubble()).toBeNull();
  });
});
