import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DECISIONS = 'docs/decisions/';

/** Installed, built and generated folders hold no text of the repository's own; dot-folders are tool state. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  'bench-results',
]);
const SOURCE = /^(libs|mfe-[^/]+|shell|api|e2e|tools)\/.*\.(ts|tsx|mjs|js|sql|css)$/;
const TEXT = /\.(ts|tsx|mjs|cjs|js|sql|css|md|json|ya?ml)$/;
const SECTION_SIGN = '\u00a7';
/**
 * Applied migrations are checksummed, so editing one breaks every database that already ran it: a section citation
 * written into one before this rule existed stays where it is.
 */
const APPLIED_MIGRATIONS = new Set(['api/migrations/0005_releases.sql']);

/** Every file of the repository, as a path relative to its root with forward slashes. */
function repositoryFiles(folder = '') {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      return entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name) ? [] : repositoryFiles(relative);
    return entry.isFile() ? [relative] : [];
  });
}

/** `line: text` for each line citing a numbered section (of a spec or design outside the repository). */
function sectionCitations(text) {
  return text
    .split('\n')
    .flatMap((line, index) => (line.includes(SECTION_SIGN) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** The `docs/decisions/<name>` references that name no file in docs/decisions/ (a bare number is not a name). */
function brokenDecisionReferences(text) {
  const names = [...text.matchAll(/docs\/decisions\/([\w.-]*)/g)].map(([, name]) => name.replace(/\.+$/, ''));
  return names.filter((name) => {
    if (name === '') return false; // the folder itself
    const file = path.join(root, DECISIONS, name);
    return !fs.existsSync(file) || !fs.statSync(file).isFile();
  });
}

const files = repositoryFiles();
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

describe('comments and links stand on their own', () => {
  it('the checks find a section citation and a decision reference that does not resolve', () => {
    expect(sectionCitations(`const a = 1;\n// rounding per spec ${SECTION_SIGN}7\n`)).toEqual([
      `2: // rounding per spec ${SECTION_SIGN}7`,
    ]);
    expect(sectionCitations('// rounding: half away from zero\n')).toEqual([]);
    expect(
      brokenDecisionReferences(
        `(${DECISIONS}0037) (${DECISIONS}0003-route-ownership) (${DECISIONS}0037-stream-facts.md.) ${DECISIONS}`,
      ),
    ).toEqual(['0037', '0003-route-ownership']);
  });

  it('no source file cites a section number of a document outside the repository', () => {
    const citations = files
      .filter((file) => SOURCE.test(file) && !APPLIED_MIGRATIONS.has(file))
      .flatMap((file) => sectionCitations(read(file)).map((citation) => `${file}:${citation}`));
    expect(citations).toEqual([]);
  });

  it('every docs/decisions reference names a decision record that exists', () => {
    const broken = files
      .filter((file) => TEXT.test(file) && file !== 'package-lock.json')
      .flatMap((file) => brokenDecisionReferences(read(file)).map((name) => `${file}: ${DECISIONS}${name}`));
    expect(broken).toEqual([]);
  });
});
