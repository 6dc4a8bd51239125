import type { ProgressPort } from '@tunehouse/shell-contract';
import { createStore } from './store.js';

/** The progress bar ticks every 600 ms with a step that shrinks as it fills, never beyond 0.994 until done. */
export const PROGRESS_TICK_MS = 600;
export const PROGRESS_MAX = 0.994;
/** The product spec: once shown, the bar stays at least this long, so that a quick page does not make it flash. */
export const PROGRESS_MIN_DISPLAY_MS = 500;
/** How long the full bar stays after loading ends (its width transition) before it goes. */
export const PROGRESS_DONE_MS = 200;

export function progressStep(value: number): number {
  if (value < 0.2) return 0.08;
  if (value < 0.5) return 0.1;
  if (value < 0.8) return 0.04;
  if (value < 0.99) return 0.02;
  return 0.005;
}

/** null while idle; a fraction between 0 and 1 while a page loads. */
export function createProgress(): ProgressPort & { store: ReturnType<typeof createStore<number | null>> } {
  const store = createStore<number | null>(null);
  let timer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let shownAt = 0;
  return {
    store,
    start: () => {
      clearInterval(timer);
      // A new page while the last one's full bar is still up: that bar is this one now, and must not vanish.
      clearTimeout(hideTimer);
      if (store.get() === null) shownAt = Date.now();
      store.set(0);
      timer = setInterval(() => {
        store.set((value) => Math.min(PROGRESS_MAX, (value ?? 0) + progressStep(value ?? 0)));
      }, PROGRESS_TICK_MS);
    },
    done: () => {
      clearInterval(timer);
      if (store.get() === null) return;
      store.set(1);
      const shownFor = Date.now() - shownAt;
      hideTimer = setTimeout(
        () => store.set(null),
        Math.max(PROGRESS_DONE_MS, PROGRESS_MIN_DISPLAY_MS - shownFor),
      );
    },
  };
}
