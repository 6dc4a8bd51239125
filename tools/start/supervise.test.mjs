import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

/** A tiny child: exits with `code` at once, or (no code) runs until it is signalled. */
const child = (code) =>
  spawn(
    process.execPath,
    [
      '-e',
      code === undefined ? 'setInterval(() => {}, 1000)' : `setTimeout(() => process.exit(${code}), 20)`,
    ],
    { stdio: 'ignore' },
  );

/** Short delays: what is checked is the order of events, not their timing. */
const FAST = { minDelayMs: 10, maxDelayMs: 40, stableAfterMs: 60_000 };
const running = [];

function supervised(spawnChild, options = {}) {
  const logs = [];
  const starts = [];
  let wake = () => undefined;
  const supervisor = supervise({
    name: 'The child',
    spawnChild,
    log: (line) => logs.push(line),
    onStart: (process) => {
      starts.push(process);
      wake();
    },
    ...FAST,
    ...options,
  });
  running.push(supervisor);
  /** Resolves once the child has been started `count` times in all. */
  const started = async (count) => {
    while (starts.length < count) await new Promise((resolve) => (wake = resolve));
  };
  return { supervisor, logs, starts, started };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((supervisor) => supervisor.stop('SIGKILL')));
});

// Each start is a new Node process: a second or so on a busy machine.
describe('supervise', { timeout: 60_000 }, () => {
  it('restarts a child that exits, with a doubling backoff, saying why and when', async () => {
    const { logs, started } = supervised(() => child(3));
    await started(4);
    expect(logs.slice(0, 3)).toEqual([
      expect.stringMatching(
        /^The child stopped unexpectedly \(exit code 3\); restarting it in 0\.01 s \(at .+Z\)$/,
      ),
      expect.stringMatching(/\(exit code 3\); restarting it in 0\.02 s/),
      expect.stringMatching(/\(exit code 3\); restarting it in 0\.04 s/),
    ]);
  });

  it('caps the backoff, and starts it again from the bottom after a run that lasted', async () => {
    const capped = supervised(() => child(1), { maxDelayMs: 20 });
    await capped.started(4);
    expect(capped.logs.map((line) => line.match(/in ([\d.]+) s/)[1])).toEqual(['0.01', '0.02', '0.02']);

    const stable = supervised(() => child(1), { stableAfterMs: 0 });
    await stable.started(3);
    expect(stable.logs.map((line) => line.match(/in ([\d.]+) s/)[1])).toEqual(['0.01', '0.01']);
  });

  it('restarts a child killed by a signal, naming the signal', async () => {
    const { starts, logs, started } = supervised(() => child());
    await started(1);
    starts[0].kill('SIGKILL');
    await started(2);
    expect(logs).toEqual([
      expect.stringMatching(/stopped unexpectedly \(SIGKILL\); restarting it in 0\.01 s/),
    ]);
    expect(starts[1].pid).not.toBe(starts[0].pid);
  });

  it('does not restart a child after a requested stop', async () => {
    const { supervisor, starts, logs, started } = supervised(() => child());
    await started(1);
    await supervisor.stop();
    expect(starts[0].signalCode).toBe('SIGTERM');
    // Longer than the longest backoff: a restart, had one been planned, would have come first.
    await new Promise((resolve) => setTimeout(resolve, FAST.maxDelayMs * 5));
    expect(starts).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it('does not restart a child that crashed while a stop was asked for before its restart', async () => {
    const { supervisor, starts, started } = supervised(() => child(2), { minDelayMs: 1_000 });
    await started(1);
    await once(starts[0], 'exit');
    await supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(starts).toHaveLength(1);
  });
});
