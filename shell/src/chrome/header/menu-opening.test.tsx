import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { SessionView } from '@tunehouse/shell-contract';
import { MobileMenu } from './mobile-menu.js';
import { UserMenu } from './user-menu.js';

let cleanup: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  cleanup?.();
  vi.useRealTimers();
});

const session = {
  user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
} as SessionView;

function show(menu: 'user' | 'mobile') {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      menu === 'user' ? (
        <UserMenu session={session} pathname="/albums" />
      ) : (
        <MobileMenu
          items={[]}
          active={null}
          pathname="/albums"
          supportHref="mailto:s@x.test"
          userName="Ada"
        />
      ),
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  const button = container.querySelector('button')!;
  const pointer = (type: 'pointerover' | 'pointerout', pointerType = 'mouse') =>
    act(() => {
      // React's onPointerEnter/Leave are driven by pointerover/pointerout.
      button.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType }));
    });
  return {
    button,
    isOpen: () => button.getAttribute('aria-expanded') === 'true',
    enter: (pointerType?: string) => pointer('pointerover', pointerType),
    leave: () => pointer('pointerout'),
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
    click: () => act(() => button.click()),
  };
}

describe.each(['user', 'mobile'] as const)(
  'the %s menu opens after 150 ms of intent, at once on a click',
  (menu) => {
    it('a resting pointer opens it after 150 ms, not before', () => {
      const view = show(menu);
      view.enter();
      view.wait(149);
      expect(view.isOpen()).toBe(false);
      view.wait(1);
      expect(view.isOpen()).toBe(true);
    });

    it('a pointer passing over it in under 150 ms opens nothing', () => {
      const view = show(menu);
      view.enter();
      view.wait(100);
      view.leave();
      view.wait(500);
      expect(view.isOpen()).toBe(false);
    });

    it('a click opens it at once, and a second click closes it', () => {
      const view = show(menu);
      view.click();
      expect(view.isOpen()).toBe(true);
      view.click();
      expect(view.isOpen()).toBe(false);
    });

    it('the click the pointer was on its way to keeps the menu it just opened open', () => {
      const view = show(menu);
      view.enter();
      view.wait(150);
      view.wait(50);
      view.click();
      expect(view.isOpen()).toBe(true);
      view.wait(1000);
      view.click();
      expect(view.isOpen()).toBe(false);
    });

    it('a touch does not open it by resting', () => {
      const view = show(menu);
      view.enter('touch');
      view.wait(1000);
      expect(view.isOpen()).toBe(false);
    });
  },
);
