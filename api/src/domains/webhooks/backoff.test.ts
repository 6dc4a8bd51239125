import { describe, expect, it } from 'vitest';
import { nextRetryDelaySeconds, retrySchedule, WEBHOOK_BACKOFF } from './backoff.js';

describe('the webhook retry schedule', () => {
  it('doubles from a minute up to 6 hours between attempts, and gives up after 3 days', () => {
    const schedule = retrySchedule(WEBHOOK_BACKOFF);
    expect(schedule.slice(0, 10)).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7680, 15_360, 21_600]);
    expect(schedule.slice(9).every((delay) => delay === 21_600)).toBe(true);
    // 19 waits, so 20 attempts; the last starts within the 3 days, one more would not.
    expect(schedule).toHaveLength(19);
    const total = schedule.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(3 * 86_400);
    expect(total + 21_600).toBeGreaterThan(3 * 86_400);
  });

  it('grows with each failure and never shrinks', () => {
    const schedule = retrySchedule({ firstSeconds: 1, factor: 1.5, capSeconds: 60, giveUpAfterSeconds: 600 });
    expect(schedule.slice(0, 6)).toEqual([1, 2, 3, 4, 6, 8]);
    schedule.slice(1).forEach((delay, index) => expect(delay).toBeGreaterThanOrEqual(schedule[index]!));
  });

  it('answers null once the next attempt would start after the give-up time', () => {
    expect(nextRetryDelaySeconds(WEBHOOK_BACKOFF, 1, 0)).toBe(60);
    expect(nextRetryDelaySeconds(WEBHOOK_BACKOFF, 12, 3 * 86_400 - 21_600)).toBe(21_600);
    expect(nextRetryDelaySeconds(WEBHOOK_BACKOFF, 12, 3 * 86_400 - 21_599)).toBeNull();
  });
});
