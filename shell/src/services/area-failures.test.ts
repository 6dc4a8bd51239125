import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  areaFailures,
  clearAreaFailure,
  recordAreaFailure,
  retryArea,
  setAreaReloader,
} from './area-failures.js';

beforeEach(() => {
  areaFailures.set({});
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => areaFailures.set({}));

describe('area failures', () => {
  it('gives each kind its status', () => {
    recordAreaFailure('a', 'unreachable', 'x');
    recordAreaFailure('b', 'refused', 'x');
    recordAreaFailure('c', 'crashed', 'x');
    const failures = areaFailures.get();
    expect([failures['a']?.status, failures['b']?.status, failures['c']?.status]).toEqual([503, 502, 500]);
  });

  it('"Try again" marks the area as retrying, then the area mounting clears it', async () => {
    recordAreaFailure('a', 'unreachable', 'down');
    let finish: () => void = () => undefined;
    setAreaReloader('a', () => new Promise<void>((resolve) => (finish = resolve)));
    const retry = retryArea('a');
    expect(areaFailures.get()['a']?.retrying).toBe(true);
    clearAreaFailure('a');
    finish();
    await retry;
    expect(areaFailures.get()['a']).toBeUndefined();
  });

  it('counts a "Try again" that failed once more, and ignores clicks while one is under way', async () => {
    recordAreaFailure('a', 'unreachable', 'down');
    let reloads = 0;
    setAreaReloader('a', async () => {
      reloads += 1;
      await Promise.resolve();
      recordAreaFailure('a', 'unreachable', 'still down');
    });
    await Promise.all([retryArea('a'), retryArea('a')]);
    expect(reloads).toBe(1);
    expect(areaFailures.get()['a']).toMatchObject({
      retrying: false,
      failedRetries: 1,
      detail: 'still down',
    });
    await retryArea('a');
    expect(areaFailures.get()['a']?.failedRetries).toBe(2);
  });

  it('keeps the failure on screen when the reload itself throws', async () => {
    recordAreaFailure('a', 'crashed', 'boom');
    setAreaReloader('a', async () => {
      throw new Error('no such application');
    });
    await retryArea('a');
    expect(areaFailures.get()['a']).toMatchObject({ kind: 'crashed', retrying: false, failedRetries: 1 });
  });
});
