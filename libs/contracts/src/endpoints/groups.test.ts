import { describe, expect, it } from 'vitest';
import * as groups from './groups.js';

/** A group's members: its endpoints, or the routers of a group that holds several resources (`releases.albums`). */
function* endpointsOf(prefix: string, members: Record<string, unknown>): Generator<[string, unknown]> {
  for (const [name, member] of Object.entries(members)) {
    const { method } = (member ?? {}) as { method?: unknown };
    if (method === undefined && member && typeof member === 'object') {
      yield* endpointsOf(`${prefix}.${name}`, member as Record<string, unknown>);
    } else yield [`${prefix}.${name}`, member];
  }
}

describe('the endpoint groups', () => {
  it('export endpoints and nothing else, each under a unique method and path', () => {
    const seen = new Set<string>();
    for (const [group, members] of Object.entries(groups)) {
      for (const [name, route] of endpointsOf(group, members as Record<string, unknown>)) {
        const { method, path } = (route ?? {}) as { method?: unknown; path?: unknown };
        expect(typeof method === 'string' && typeof path === 'string', `${name} is an endpoint`).toBe(true);
        const key = `${String(method)} ${String(path)}`;
        expect(seen.has(key), `${name}: ${key} is defined once`).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});
