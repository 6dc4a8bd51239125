import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where endpoints are defined: the one place an API path may be written. */
const DEFINITIONS = 'libs/contracts/src/endpoints/';
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mjs|js)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
/** A string or template literal that starts with an API path. */
const API_PATH_LITERAL = /['"`]\/v[12]\//;

function sourceFiles(folder) {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name.startsWith('.') || SKIPPED.has(entry.name) ? [] : sourceFiles(relative);
    return entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name) ? [relative] : [];
  });
}

/** `file:line` for each hand-written API path in code (comments may name paths; they are not calls). */
export function handWrittenPaths(file, text) {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
    return API_PATH_LITERAL.test(code) ? [`${file}:${index + 1}: ${code}`] : [];
  });
}

describe('API paths are written once, in the endpoint definitions', () => {
  it('finds a hand-written path in code and ignores one named in a comment', () => {
    expect(
      handWrittenPaths('a.ts', 'api.request({ path: `/v1/albums/${id}` });\n// GET /v1/albums\n'),
    ).toEqual(['a.ts:1: api.request({ path: `/v1/albums/${id}` });']);
  });

  it('leaves no hand-written API path in non-test source outside libs/contracts/src/endpoints', () => {
    const folders = fs
      .readdirSync(root)
      .filter((name) => ['api', 'libs', 'shell', 'e2e', 'tools'].includes(name) || name.startsWith('mfe-'));
    const found = folders
      .flatMap((folder) => sourceFiles(folder))
      .filter((file) => !file.startsWith(DEFINITIONS))
      .flatMap((file) => handWrittenPaths(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
