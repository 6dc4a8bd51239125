/**
 * The version ranges an area may declare for the shell contract, and the check of one against the shell's version.
 *
 * npm's `semver` did this in 18 KB of every page's JavaScript for one comparison, so the shell reads the part of
 * its range grammar an area needs: comparators `^ ~ >= <= > < =` (or none, meaning `=`) before a whole
 * `major.minor.patch`, several joined by spaces (all must hold), alternatives joined by `||`. Anything else
 * (x-ranges, hyphen ranges, pre-release tags) is refused as a malformed range rather than guessed at. `^` and `~`
 * are turned into the bounds semver gives them. version-range.test.ts checks every answer against `semver` itself
 * over generated ranges (a small library tried first, compare-versions, read `^0.0.0` more widely than semver).
 */
type Version = readonly [number, number, number];
type Bound = { operator: '>=' | '<=' | '>' | '<' | '='; at: Version };

const COMPARATOR = /^(\^|~|>=|<=|>|<|=)?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** A release version: the three parts alone, no operator. */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One comparator as the bounds it stands for, or null when it is outside the grammar. */
function boundsOf(comparator: string): Bound[] | null {
  const match = COMPARATOR.exec(comparator);
  if (!match) return null;
  const operator = match[1] ?? '=';
  const at: Version = [Number(match[2]), Number(match[3]), Number(match[4])];
  const [major, minor, patch] = at;
  if (operator === '~')
    return [
      { operator: '>=', at },
      { operator: '<', at: [major, minor + 1, 0] },
    ];
  if (operator === '^') {
    // The first non-zero part may not change: ^1.2.3 < 2.0.0, ^0.2.3 < 0.3.0, ^0.0.3 < 0.0.4.
    const below: Version = major > 0 ? [major + 1, 0, 0] : minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1];
    return [
      { operator: '>=', at },
      { operator: '<', at: below },
    ];
  }
  return [{ operator: operator as Bound['operator'], at }];
}

/** The range's alternatives, each the bounds that must all hold; null when the range is outside the grammar. */
function parseRange(range: string): Bound[][] | null {
  const alternatives: Bound[][] = [];
  for (const alternative of range.split('||')) {
    const bounds = alternative.trim().split(/\s+/).map(boundsOf);
    if (bounds.some((bound) => bound === null)) return null;
    alternatives.push((bounds as Bound[][]).flat());
  }
  return alternatives;
}

function holds({ operator, at }: Bound, version: Version): boolean {
  const order = compare(version, at);
  if (operator === '>=') return order >= 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  if (operator === '<') return order < 0;
  return order === 0;
}

/** Whether `range` is a version range the shell understands. */
export const isVersionRange = (range: string): boolean => parseRange(range) !== null;

/** Whether the release `version` (`major.minor.patch`) lies in `range`; false for anything outside the grammar. */
export function versionSatisfies(version: string, range: string): boolean {
  const parts = VERSION.exec(version);
  const alternatives = parseRange(range);
  if (!parts || !alternatives) return false;
  const at: Version = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return alternatives.some((alternative) => alternative.every((bound) => holds(bound, at)));
}
