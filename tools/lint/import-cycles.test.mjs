import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, domainGraph, importGraph } from './import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const graph = importGraph(root);

describe('import cycles', () => {
  it('finds a cycle, and the files on it only', () => {
    const sample = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set()],
    ]);
    expect(cyclesOf(sample)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the repository: relative imports resolve to files, type-only imports included', () => {
    expect(graph.get('api/src/domains/periods/close.ts')).toContain('api/src/domains/ledger/index.ts');
    expect(graph.get('api/src/domains/splits/allocation.ts')).toContain('api/src/domains/periods/index.ts');
  });

  it('reads the helpers tests share (testing/ folders and fixtures/), not the test files', () => {
    expect(graph.get('api/src/testing/fixtures.ts')).toContain('api/src/testing/endpoint-inject.ts');
    expect(graph.has('e2e/fixtures/app.ts')).toBe(true);
    expect([...graph.keys()].filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file))).toEqual([]);
  });

  it('no source file of the repository is on an import cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('no API domain imports, through any of its files, a domain that imports it back', () => {
    expect(cyclesOf(domainGraph(graph))).toEqual([]);
  });
});
