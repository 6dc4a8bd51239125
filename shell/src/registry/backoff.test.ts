import { describe, expect, it } from 'vitest';
import { backoffDelay, retryWithBackoff, type RetryPolicy } from './backoff.js';

const policy: RetryPolicy = { retries: 3, baseDelayMs: 100, maxDelayMs: 300 };
const noJitter = () => 0;

/** Records the waits instead of waiting. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function failingTimes(times: number, value = 'ok') {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= times) throw new Error(`failure ${calls}`);
    return value;
  };
  return { attempt, calls: () => calls };
}

describe('backoffDelay', () => {
  it('doubles the wait for each retry up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, policy, noJitter))).toEqual([
      100, 200, 300, 300, 300,
    ]);
  });

  it('cuts each wait by at most a quarter at random', () => {
    expect(backoffDelay(2, policy, () => 1)).toBe(150);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(175);
  });
});

describe('retryWithBackoff', () => {
  it('retries with growing waits until the attempt succeeds', async () => {
    const { waits, sleep } = recordingSleep();
    const { attempt, calls } = failingTimes(2);
    const retries: number[] = [];
    const result = await retryWithBackoff(attempt, {
      policy,
      sleep,
      random: noJitter,
      onRetry: ({ retry }) => retries.push(retry),
    });
    expect(result).toBe('ok');
    expect(calls()).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after the policy retries and throws the last error', async () => {
    const { waits, sleep } = recordingSleep();
    const { attempt, calls } = failingTimes(10);
    await expect(retryWithBackoff(attempt, { policy, sleep, random: noJitter })).rejects.toThrow('failure 4');
    expect(calls()).toBe(4);
    expect(waits).toEqual([100, 200, 300]);
  });

  it('stops at once on an error marked as not worth retrying (an integrity mismatch)', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const final = Object.assign(new Error('mismatch'), { retryable: false });
    const attempt = async () => {
      calls += 1;
      throw final;
    };
    await expect(retryWithBackoff(attempt, { policy, sleep })).rejects.toBe(final);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('does not wait when the first attempt succeeds', async () => {
    const { waits, sleep } = recordingSleep();
    expect(await retryWithBackoff(async () => 7, { policy, sleep })).toBe(7);
    expect(waits).toEqual([]);
  });

  it('counts a failure made before the call: waits first and makes only the retries left', async () => {
    const { waits, sleep } = recordingSleep();
    const { attempt, calls } = failingTimes(10);
    await expect(retryWithBackoff(attempt, { policy, sleep, random: noJitter }, 1)).rejects.toThrow(
      'failure 3',
    );
    expect(calls()).toBe(3);
    expect(waits).toEqual([100, 200, 300]);
  });
});
