import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { isVersionRange, versionSatisfies } from './version-range.js';

const part = fc.integer({ min: 0, max: 4 });
const version = fc.tuple(part, part, part).map((parts) => parts.join('.'));
const comparator = fc
  .tuple(fc.constantFrom('', '^', '~', '>=', '<=', '>', '<', '='), version)
  .map(([operator, at]) => `${operator}${at}`);
const range = fc
  .array(fc.array(comparator, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
  .map((alternatives) => alternatives.map((comparators) => comparators.join(' ')).join(' || '));

describe('versionSatisfies', () => {
  it('answers as npm semver does for every range of the grammar', () => {
    fc.assert(
      fc.property(version, range, (shell, declared) => {
        expect(isVersionRange(declared)).toBe(true);
        expect(versionSatisfies(shell, declared)).toBe(semver.satisfies(shell, declared));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the ranges areas declare', () => {
    expect(versionSatisfies('1.2.0', '^1.0.0')).toBe(true);
    expect(versionSatisfies('1.2.0', '^1.3.0')).toBe(false);
    expect(versionSatisfies('1.2.0', '^2.0.0')).toBe(false);
    expect(versionSatisfies('0.3.1', '^0.3.0')).toBe(true);
    expect(versionSatisfies('0.4.0', '^0.3.0')).toBe(false);
    expect(versionSatisfies('1.2.0', '>=1.1.0 <2.0.0 || ^3.0.0')).toBe(true);
  });

  it('refuses what it would have to guess at', () => {
    for (const odd of [
      'whenever',
      '',
      '1.x',
      '^1',
      '1.0.0 - 2.0.0',
      '^1.0.0-beta.1',
      '^01.0.0',
      '>= 1.0.0 ||',
    ]) {
      expect(isVersionRange(odd), odd).toBe(false);
      expect(versionSatisfies('1.0.0', odd), odd).toBe(false);
    }
  });

  it('takes the shell version as a plain release version only', () => {
    // Comparators and loose spellings are not versions; pre-releases are outside the grammar altogether.
    for (const odd of ['=1.0.0', '^1.0.0', '>=1.0.0', 'v1.0.0', '1.0', '1.0.0-rc.1', ' 1.0.0']) {
      expect(versionSatisfies(odd, '>=0.0.0'), odd).toBe(false);
    }
  });
});
