import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_MAX, createProgress, progressStep } from './progress.js';

describe('progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creeps up every 600 ms with shrinking steps and never passes 0.994 before done', () => {
    const progress = createProgress();
    progress.start();
    expect(progress.store.get()).toBe(0);
    vi.advanceTimersByTime(599);
    expect(progress.store.get()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(progress.store.get()).toBeCloseTo(0.08);
    vi.advanceTimersByTime(600 * 1000);
    expect(progress.store.get()).toBe(PROGRESS_MAX);
  });

  it('completes, then disappears, when loading ends', () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(1200);
    progress.done();
    expect(progress.store.get()).toBe(1);
    vi.advanceTimersByTime(200);
    expect(progress.store.get()).toBeNull();
  });

  it('once shown, stays at least 500 ms however quickly the page loads', () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(50);
    progress.done();
    expect(progress.store.get()).toBe(1);
    vi.advanceTimersByTime(449);
    expect(progress.store.get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(progress.store.get()).toBeNull();
  });

  it('a page started while the last bar is finishing keeps its bar', () => {
    const progress = createProgress();
    progress.start();
    vi.advanceTimersByTime(100);
    progress.done();
    progress.start();
    vi.advanceTimersByTime(1000);
    expect(progress.store.get()).not.toBeNull();
    progress.done();
    vi.advanceTimersByTime(200);
    expect(progress.store.get()).toBeNull();
  });

  it('uses the spec step sizes', () => {
    expect([0, 0.3, 0.6, 0.9, 0.992].map(progressStep)).toEqual([0.08, 0.1, 0.04, 0.02, 0.005]);
  });
});
