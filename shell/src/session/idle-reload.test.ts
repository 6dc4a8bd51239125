import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_RELOAD_MS, watchIdleReload } from './idle-reload.js';

describe('watchIdleReload', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function setup() {
    const reload = vi.fn();
    let visibility: DocumentVisibilityState = 'visible';
    const doc = Object.assign(new EventTarget(), {
      get visibilityState() {
        return visibility;
      },
    }) as unknown as Document;
    const target = new EventTarget() as unknown as Window;
    const stop = watchIdleReload({ reload, doc, target, now: Date.now });
    const hide = () => {
      visibility = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    };
    const show = () => {
      visibility = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    };
    return { reload, hide, show, target, stop };
  }

  it('reloads when the tab comes back after 7 days away', () => {
    const { reload, hide, show } = setup();
    hide();
    vi.advanceTimersByTime(IDLE_RELOAD_MS);
    show();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload after a shorter absence, and counts idle from the last return', () => {
    const { reload, hide, show, target } = setup();
    hide();
    vi.advanceTimersByTime(IDLE_RELOAD_MS - 1000);
    show();
    target.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(2000);
    target.dispatchEvent(new Event('focus'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops watching when asked', () => {
    const { reload, hide, show, stop } = setup();
    stop();
    hide();
    vi.advanceTimersByTime(IDLE_RELOAD_MS * 2);
    show();
    expect(reload).not.toHaveBeenCalled();
  });
});
