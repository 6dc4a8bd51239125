/**
 * Runs `work` and answers no sooner than `floorMs` after it started, so that how long an answer took says nothing
 * about which path the work took (a known e-mail address writes a link and queues a mail; an unknown one does
 * nothing). The floor must be well above the slower path's usual time.
 */
export async function withUniformDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = floorMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}
