import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, microToCents } from './largest-remainder.js';

const abs = (value: bigint) => (value < 0n ? -value : value);

describe('largest-remainder apportionment', () => {
  it('gives parts that sum to the whole, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 30 }),
        (whole, weights) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0n);
          fc.pre(total > 0n);
          const parts = apportion(whole, weights);
          expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(whole);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0n);
            // |part − whole × w / total| < 1, in integers: |part × total − whole × w| < total.
            expect(abs(part * total - whole * weights[index]!)).toBeLessThan(total);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('rounds micro-units to the nearest cent, half up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (micro) => {
        const cents = microToCents(micro);
        expect(abs(cents * 10_000n - micro)).toBeLessThanOrEqual(5_000n);
        if (micro % 10_000n === 5_000n) expect(cents * 10_000n).toBeGreaterThan(micro);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is exact on simple cases', () => {
    expect(apportion(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(apportion(100n, [3333n, 3333n, 3334n])).toEqual([33n, 33n, 34n]);
    expect(apportion(0n, [0n, 0n])).toEqual([0n, 0n]);
    expect(() => apportion(1n, [0n])).toThrow(RangeError);
  });
});
