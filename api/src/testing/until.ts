/**
 * Polls `probe` every 100 ms until it answers something other than undefined, and answers that; throws once
 * `timeoutMs` have passed. For what a job or a server does in its own time (a mail sent, a webhook received).
 */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
