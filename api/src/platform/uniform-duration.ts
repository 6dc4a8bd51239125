/**
 * Runs `work` and answers no sooner than `floorMs` after it started, so that how long an answer took says nothing
 * about which path the work took (a known e-mail address writes a link and queues a mail; an unknown one does
 * nothing). The floor must be well above the slower path's usual time.
 */
export async function withUniformDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  // Node's timers count whole milliseconds on their own clock and can fire a fraction early by performance.now(),
  // so the floor is checked again until it has really passed.
  let left = floorMs - (performance.now() - started);
  while (left > 0) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
    left = floorMs - (performance.now() - started);
  }
  return result;
}
