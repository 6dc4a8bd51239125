import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToasts } from './toast-store.js';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dismisses each toast after 3500 ms times its position in the stack', () => {
    const toasts = createToasts();
    toasts.push('first', 'SUCCESS');
    toasts.push('second', 'ERROR');
    vi.advanceTimersByTime(3500);
    expect(toasts.store.get().map((toast) => toast.message)).toEqual(['second']);
    vi.advanceTimersByTime(3499);
    expect(toasts.store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.store.get()).toHaveLength(0);
  });

  it('dismisses on demand and defaults to INFO', () => {
    const toasts = createToasts();
    const id = toasts.push('hello');
    expect(toasts.store.get()[0]?.level).toBe('INFO');
    toasts.dismiss(id);
    expect(toasts.store.get()).toEqual([]);
  });
});
