import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Amounts become text, and text amounts, in one place: the contracts' money module (formatMoney, centsToDecimal,
 * microToDecimal, parseMoney, microToCents; docs/decisions/0072-one-money-module.md). A `/ 100` or `% 100` anywhere
 * else is how an ad-hoc cents formatter starts, with a float in the middle of money; the few other hundreds are
 * listed here with what they are.
 */
const MONEY_MODULE = 'libs/contracts/src/money.ts';
const NOT_MONEY = new Map([
  ['api/src/domains/releases/identifiers.ts', 'the two-digit year of an ISRC'],
  ['mfe-splits/src/shared/percent.ts', 'basis points as a percentage typed in a form field'],
  ['mfe-artists/src/shared/list-layout.tsx', 'a CSS background size (200% 100%)'],
]);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mjs|js)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
const HUNDRED = /[/%]\s*100\b(?![_\d])/;

function sourceFiles(folder) {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name.startsWith('.') || SKIPPED.has(entry.name) ? [] : sourceFiles(relative);
    return entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name) ? [relative] : [];
  });
}

/** `file:line` for each division or remainder by 100 in code (comments may speak of hundreds). */
export function hundreds(file, text) {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
    return HUNDRED.test(code) ? [`${file}:${index + 1}: ${code}`] : [];
  });
}

describe('money is written and read by the money module only', () => {
  it('finds an ad-hoc cents formatter and leaves other numbers alone', () => {
    const text =
      'const euros = (cents / 100).toFixed(2);\nconst x = a % 1000;\n// cents / 100\nconst y = b / 100_000;\n';
    expect(hundreds('a.ts', text)).toEqual(['a.ts:1: const euros = (cents / 100).toFixed(2);']);
  });

  it('leaves no `/ 100` or `% 100` in non-test source outside the money module', () => {
    // Product code only: the benchmarks' own printing of figures is not what users are shown.
    const folders = fs
      .readdirSync(root)
      .filter((name) => ['api', 'shell'].includes(name) || name.startsWith('mfe-'))
      .map((name) => `${name}/src`)
      .concat(fs.readdirSync(path.join(root, 'libs')).map((name) => `libs/${name}/src`))
      .filter((folder) => fs.existsSync(path.join(root, folder)));
    const found = folders
      .flatMap((folder) => sourceFiles(folder))
      .filter((file) => file !== MONEY_MODULE && !NOT_MONEY.has(file))
      .flatMap((file) => hundreds(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
