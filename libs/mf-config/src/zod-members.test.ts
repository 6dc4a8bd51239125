import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/** The browser modules are plain JavaScript for the bundler; the test loads them as the build would. */
const load = async (file: string) =>
  (await import(/* @vite-ignore */ new URL(`../browser/${file}`, import.meta.url).href)) as Record<
    string,
    unknown
  >;
const members = await load('zod-members.js');
const shared = (await load('zod.js')) as { z: Record<string, unknown> };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The sources bundled for the browser: the shell, the areas and the libs they import. */
const BROWSER_SOURCES = [
  'shell/src',
  ...fs
    .readdirSync(root)
    .filter((folder) => folder.startsWith('mfe-'))
    .map((folder) => `${folder}/src`),
  ...['contracts', 'api-client', 'session', 'ui', 'area-kit', 'shell-contract'].map(
    (lib) => `libs/${lib}/src`,
  ),
];

/** Members of `z` that exist only as types (`z.infer<…>`, `z.core.$RefinementCtx`): nothing to share for them. */
const TYPE_ONLY = new Set(['infer', 'input', 'output', 'RefinementCtx', 'core']);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const isSource =
      entry.isFile() &&
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$|test-setup|[\\/]testing[\\/]/.test(file);
    return isSource ? [file] : [];
  });
}

describe('the shared zod', () => {
  it('is zod’s own `z` members, not copies', () => {
    expect(Object.keys(shared.z).sort()).toEqual(Object.keys(members).sort());
    for (const [name, member] of Object.entries(members)) {
      expect(member, name).toBe(z[name as keyof typeof z]);
    }
  });

  it('has every member of `z` the browser code calls', () => {
    const used = new Map<string, string>();
    for (const folder of BROWSER_SOURCES) {
      const absolute = path.join(root, folder);
      if (!fs.existsSync(absolute)) continue;
      for (const file of sourceFiles(absolute)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) {
          const name = match[1] as string;
          if (!used.has(name)) used.set(name, path.relative(root, file));
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([name]) => !TYPE_ONLY.has(name) && !(name in members));
    expect(missing.map(([name, file]) => `z.${name} (${file})`)).toEqual([]);
  });

  it('parses without compiling code, which the pages’ policy refuses', () => {
    const zod = shared.z as unknown as typeof z;
    const compiled = vi.fn();
    // zod reaches `Function` through the global scope, both to probe for eval and to compile a parser.
    vi.stubGlobal(
      'Function',
      new Proxy(Function, {
        construct(target, args: unknown[]) {
          compiled(args);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    try {
      const release = zod.object({
        title: zod.string(),
        tracks: zod.array(zod.object({ number: zod.number(), isrc: zod.string() })),
      });
      const answer = { title: 'Night Drive', tracks: [{ number: 1, isrc: 'GBAYE2400001' }] };
      for (let round = 0; round < 3; round++) expect(release.parse(answer)).toEqual(answer);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(compiled).not.toHaveBeenCalled();
  });
});
