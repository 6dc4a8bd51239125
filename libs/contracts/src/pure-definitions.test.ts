import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Every top-level definition made by a call (`z.object(...)`, `endpoint(...)`, `new Set(...)`) is marked
 * `/*#__PURE__*\/`. A bundler keeps any call it cannot prove free of side effects, so one schema without the mark
 * stays in every page that imports its module, used or not — what each page's first load pays for.
 */
describe('the contracts’ top-level definitions', () => {
  it('are all marked pure, so a page keeps only the schemas and endpoints it uses', () => {
    const unmarked: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = fs.readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer;
          if (!value || !(ts.isCallExpression(value) || ts.isNewExpression(value))) continue;
          if (!text.slice(value.pos, value.getStart(source)).includes('#__PURE__'))
            unmarked.push(`${path.relative(SOURCE, file)}: ${declaration.name.getText(source)}`);
        }
      }
    }
    expect(unmarked).toEqual([]);
  });
});
