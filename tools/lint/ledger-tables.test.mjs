import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Only the ledger domain names the ledger's tables (docs/decisions/0072-one-money-module.md): other domains read
 * balances and entries through its public index (walletBalance, creditedByKinds, and the read face's SQL
 * fragments), so the append-only book has one owner who can change how it is stored. Tests may look at the tables
 * directly to prove its invariants; migrations create them.
 */
const LEDGER = 'api/src/domains/ledger/';
const TABLES = /\bledger_(entries|transfers|accounts)\b/;
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mjs|js)$/;
const SKIPPED = new Set(['node_modules', 'dist']);

function sourceFiles(folder) {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(relative);
    return entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name) ? [relative] : [];
  });
}

/** `file:line` for each line of code naming a ledger table (a comment may speak of them). */
export function ledgerTableUses(file, text) {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
    return TABLES.test(code) ? [`${file}:${index + 1}: ${code}`] : [];
  });
}

describe("the ledger's tables have one owner", () => {
  it('finds a query of the ledger tables and ignores a comment about them', () => {
    const text = "q.query('SELECT amount FROM ledger_entries');\n// ledger_transfers are append-only\n";
    expect(ledgerTableUses('a.ts', text)).toEqual(["a.ts:1: q.query('SELECT amount FROM ledger_entries');"]);
  });

  it('leaves no query of them in the API outside the ledger domain', () => {
    const found = sourceFiles('api/src')
      .filter((file) => !file.startsWith(LEDGER))
      .flatMap((file) => ledgerTableUses(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
