import { describe, expect, it } from 'vitest';
import * as groups from './groups.js';

describe('the endpoint groups', () => {
  it('export endpoints and nothing else, each under a unique method and path', () => {
    const seen = new Set<string>();
    for (const [group, members] of Object.entries(groups)) {
      for (const [name, route] of Object.entries(members as Record<string, unknown>)) {
        const { method, path } = (route ?? {}) as { method?: unknown; path?: unknown };
        expect(
          typeof method === 'string' && typeof path === 'string',
          `${group}.${name} is an endpoint`,
        ).toBe(true);
        const key = `${String(method)} ${String(path)}`;
        expect(seen.has(key), `${group}.${name}: ${key} is defined once`).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});
