import { describe, expect, it } from 'vitest';
import { withUniformDuration } from './uniform-duration.js';

describe('withUniformDuration', () => {
  it('answers no sooner than the floor, whatever the work took, and passes its result and errors through', async () => {
    for (const workMs of [0, 5, 30]) {
      const started = performance.now();
      const result = await withUniformDuration(60, async () => {
        await new Promise((resolve) => setTimeout(resolve, workMs));
        return workMs;
      });
      expect(result).toBe(workMs);
      expect(performance.now() - started).toBeGreaterThanOrEqual(59);
    }
    await expect(withUniformDuration(10, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
