interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the event loop, so that what follows runs as a task of its own. A slow phone then
 * sees two shorter tasks instead of one long one (Total Blocking Time counts only each task's part over 50 ms),
 * and the browser may paint and answer input between them. `scheduler.yield()` where the browser has it: it
 * resumes ahead of other queued tasks rather than behind them.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
