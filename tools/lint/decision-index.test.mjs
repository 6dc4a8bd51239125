import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/decisions');
const records = fs.readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name));
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
/** Each index row: `| [0042](0042-ledger-and-periods.md) | title | status |`. */
const rows = [...index.matchAll(/^\|\s*\[(\d{4})\]\(([^)]+)\)\s*\|\s*(.+?)\s*\|\s*(.+?)\s*\|$/gm)].map(
  ([, number, file, title, status]) => ({ number, file, title, status }),
);

describe('the decision index', () => {
  it('lists every record once, in order, under its own number', () => {
    expect(rows.map((row) => row.file)).toEqual(records);
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`)).toBe(true);
  });

  it('gives each record the title its file has, and a status', () => {
    for (const row of rows) {
      const heading = fs.readFileSync(path.join(folder, row.file), 'utf8').split('\n')[0];
      expect(heading, row.file).toBe(`# ${row.number} — ${row.title}`);
      expect(row.status).toMatch(/^(in force|superseded by \[\d{4}\]|in force; )/);
    }
  });

  it('names only records that exist when it says one replaced another', () => {
    const named = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map(([, file]) => file);
    for (const file of named) expect(records, file).toContain(file);
  });
});
