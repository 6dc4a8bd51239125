import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOwner, parseRegistry } from '@tunehouse/shell-contract';
import { ROUTES, SIGNED_OUT_ROUTES } from '../../e2e/tests/route-table.ts';
import { AREAS } from './areas.mjs';

// Each remote declares who it is once, in its area.manifest.json; everything else that names an area is read
// from those files or checked against them here.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNERS = Object.fromEntries(AREAS.map((area) => [area.name, area.routes]));

describe('the area manifests', () => {
  it('name every remote folder, each with its own name, scope and port', () => {
    const remoteDirs = fs
      .readdirSync(ROOT)
      .filter((dir) => dir.startsWith('mfe-') && fs.existsSync(path.join(ROOT, dir, 'package.json')));
    expect(AREAS.map((area) => area.dir).sort()).toEqual(remoteDirs.sort());
    for (const area of AREAS) {
      expect(area.dir).toBe(`mfe-${area.name}`);
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, area.dir, 'package.json'), 'utf8'));
      expect(pkg.name).toBe(`@tunehouse/${area.dir}`);
    }
    for (const field of ['name', 'scope', 'port'])
      expect(new Set(AREAS.map((area) => area[field])).size, `${field} is unique`).toBe(AREAS.length);
  });

  it('make a registry the shell accepts', () => {
    const registry = {
      schemaVersion: 1,
      areas: Object.fromEntries(
        AREAS.map((area) => [
          area.name,
          {
            manifest: `http://localhost:${area.port}/mf-manifest.json`,
            scope: area.scope,
            routes: area.routes,
            version: '0.1.0',
          },
        ]),
      ),
    };
    expect(parseRegistry(registry)).toMatchObject({ ok: true });
  });

  it('give no two areas the same route pattern', () => {
    const patterns = AREAS.flatMap((area) => area.routes);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('the end-to-end route table', () => {
  it.each([...SIGNED_OUT_ROUTES, ...ROUTES].map((route) => [route.url, route.area]))(
    '%s is owned by %s, as the manifests say',
    (url, area) => {
      expect(findOwner(OWNERS, new URL(url, 'http://localhost').pathname)).toBe(area);
    },
  );
});

describe("the README's table of what npm start serves", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const rows = readme
    .split('\n')
    .filter((line) => /^\| mfe-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

  it('has one row per area, with its port and its route patterns', () => {
    expect(rows).toEqual(
      AREAS.map((area) => [
        area.dir,
        `http://localhost:${area.port}`,
        area.routes.map((pattern) => `\`${pattern}\``).join(', '),
      ]),
    );
  });
});
