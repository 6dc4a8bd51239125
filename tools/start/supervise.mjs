import { once } from 'node:events';

/**
 * Keeps a child process running, as the API keeps its embedded PostgreSQL running: `spawnChild()` starts it, and
 * when it exits without `stop()` having been asked for — a crash, an OOM kill, any exit code or signal — it is
 * started again after a backoff that doubles from `minDelayMs` up to `maxDelayMs` (1 s, 2 s, 4 s … 30 s), so a
 * process that cannot start does not spin. A run that lasted `stableAfterMs` starts the backoff again from the
 * bottom. Each restart is logged with why (exit code or signal) and when.
 */
export function supervise({
  name,
  spawnChild,
  log = (message) => console.error(message),
  minDelayMs = 1_000,
  maxDelayMs = 30_000,
  stableAfterMs = 60_000,
  onStart = () => undefined,
}) {
  let child;
  let startedAt = 0;
  let failures = 0;
  let stopping = false;
  let timer;

  const start = () => {
    timer = undefined;
    startedAt = Date.now();
    child = spawnChild();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfterMs) failures = 0;
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** failures);
      failures += 1;
      const at = new Date(Date.now() + delay).toISOString();
      log(
        `${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it in ` +
          `${delay / 1000} s (at ${at})`,
      );
      timer = setTimeout(start, delay);
    });
    onStart(child);
  };
  start();

  return {
    /** The process running now (or the last one, while a restart waits). */
    get child() {
      return child;
    },
    /** A requested stop: no restart follows; resolves once the process has exited. */
    async stop(signal = 'SIGTERM') {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
