import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';

/** The browser module is plain JavaScript for the bundler; the test loads it as the build would. */
const shared = (await import(
  /* @vite-ignore */ new URL('../browser/react-router.js', import.meta.url).href
)) as Record<string, unknown>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every source file bundled for the browser that may import react-router: area-kit is the one place. */
function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const isSource = entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource ? [file] : [];
  });
}

describe('the shared react-router', () => {
  it('is react-router’s own members, not copies', () => {
    expect(Object.keys(shared).length).toBeGreaterThan(5);
    for (const [name, member] of Object.entries(shared)) {
      expect(typeof member, name).not.toBe('undefined');
      expect(name in reactRouter, name).toBe(true);
    }
  });

  it('has every member area-kit imports from react-router', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(path.join(root, 'libs/area-kit/src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, names] of text.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*'react-router'/g)) {
        for (const spec of (names as string).split(',')) {
          const name =
            spec
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim() ?? '';
          if (name && !name.startsWith('type ')) used.set(name, path.relative(root, file));
        }
      }
    }
    expect(used.size).toBeGreaterThan(3);
    const missing = [...used].filter(([name]) => !(name in shared));
    expect(missing.map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });
});
