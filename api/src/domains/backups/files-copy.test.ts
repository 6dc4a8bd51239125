import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIXES } from './files-copy.js';

const SOURCES = fileURLToPath(new URL('../..', import.meta.url));

/** The API's non-test sources. */
function sources(dir = SOURCES): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The first segment of every literal key the API stores under: the first argument of `storage.put(…)` and the
 * literal a `keyOf` helper builds keys with.
 */
function storedPrefixes(text: string): string[] {
  const literal = String.raw`[\x60'"]([a-z][a-z0-9-]*)/`;
  const patterns = [
    new RegExp(String.raw`storage\.put\(\s*${literal}`, 'g'),
    new RegExp(String.raw`keyOf = \([^)]*\) =>\s*${literal}`, 'g'),
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

describe('the storage prefixes a backup copies', () => {
  it('cover every key the API stores objects under', () => {
    const found = sources().flatMap((file) =>
      storedPrefixes(fs.readFileSync(file, 'utf8')).map((prefix) => ({
        file: path.relative(SOURCES, file),
        prefix,
      })),
    );
    // Audio, artwork, images, ID documents and report uploads are all found: the search itself works.
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(found.filter(({ prefix }) => !(STORAGE_PREFIXES as readonly string[]).includes(prefix))).toEqual(
      [],
    );
    expect(new Set(found.map(({ prefix }) => prefix))).toEqual(new Set(STORAGE_PREFIXES));
  });
});
