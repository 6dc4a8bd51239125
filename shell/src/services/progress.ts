import type { ProgressPort } from '@tunehouse/shell-contract';
import { createStore } from './store.js';

/** The progress bar ticks every 600 ms with a step that shrinks as it fills, never beyond 0.994 until done. */
export const PROGRESS_TICK_MS = 600;
export const PROGRESS_MAX = 0.994;

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
  return {
    store,
    start: () => {
      clearInterval(timer);
      store.set(0);
      timer = setInterval(() => {
        store.set((value) => Math.min(PROGRESS_MAX, (value ?? 0) + progressStep(value ?? 0)));
      }, PROGRESS_TICK_MS);
    },
    done: () => {
      clearInterval(timer);
      if (store.get() === null) return;
      store.set(1);
      setTimeout(() => store.set(null), 200);
    },
  };
}
