import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Each `#region` of docs-walkthrough.ts, without its indentation: the snippets docs/api.md shows. */
function regions(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/^\s*\/\/ #region (\S+)\n([\s\S]*?)\n\s*\/\/ #endregion \1$/gm)) {
    const lines = match[2]!.split('\n');
    const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.search(/\S/)));
    found.set(match[1]!, lines.map((line) => line.slice(indent)).join('\n'));
  }
  return found;
}

describe('the walkthrough in docs/api.md', () => {
  const code = fs.readFileSync(new URL('./docs-walkthrough.ts', import.meta.url), 'utf8');
  const docs = fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const snippets = regions(code);

  it('has the steps a label takes', () => {
    expect([...snippets.keys()]).toEqual([
      'client',
      'webhook-endpoint',
      'release',
      'list',
      'statement',
      'receiver',
      'payout',
    ]);
  });

  // The type check of docs-walkthrough.ts (the SDK's typecheck target) checks every call's name and input
  // against the contracts; this checks the page shows that code and not an edited copy.
  it.each([...snippets])('shows the type-checked %s snippet verbatim', (_name, snippet) => {
    expect(docs).toContain(snippet);
  });
});
