import { describe, expect, it } from 'vitest';
import { parseRegistry } from './registry.js';

const entry = {
  manifest: 'http://localhost:4202/mf-manifest.json',
  scope: 'tunehouse_releases',
  routes: ['/albums/*'],
  version: '0.1.0',
};

describe('parseRegistry', () => {
  it('accepts a registry of areas', () => {
    const parsed = parseRegistry({ schemaVersion: 1, areas: { releases: entry } });
    expect(parsed.ok && parsed.registry.areas.releases?.scope).toBe('tunehouse_releases');
  });

  it('names the field path of every problem', () => {
    const parsed = parseRegistry({
      schemaVersion: 1,
      areas: { releases: { ...entry, scope: 'not-an-identifier', routes: ['albums'] } },
    });
    expect(parsed.ok).toBe(false);
    const detail = parsed.ok ? '' : parsed.detail;
    expect(detail).toContain('areas.releases.scope: Expected a JavaScript identifier');
    expect(detail).toContain('areas.releases.routes.0: Expected a route pattern');
  });

  it('refuses an unknown schema version', () => {
    expect(parseRegistry({ schemaVersion: 2, areas: {} }).ok).toBe(false);
  });

  it('takes the integrity of the entry files, optional so that older registries stay valid', () => {
    const integrity = { manifest: `sha384-${'A'.repeat(64)}`, entry: `sha384-${'b/+9'.repeat(16)}` };
    const parsed = parseRegistry({ schemaVersion: 1, areas: { releases: { ...entry, integrity } } });
    expect(parsed.ok && parsed.registry.areas.releases?.integrity).toEqual(integrity);
    expect(parseRegistry({ schemaVersion: 1, areas: { releases: entry } }).ok).toBe(true);
  });

  it('refuses an integrity that is not a SHA-384 digest, naming the field', () => {
    const parsed = parseRegistry({
      schemaVersion: 1,
      areas: {
        releases: { ...entry, integrity: { manifest: 'sha256-abc', entry: `sha384-${'A'.repeat(64)}` } },
      },
    });
    expect(parsed.ok ? '' : parsed.detail).toContain('areas.releases.integrity.manifest: Expected sha384-');
  });
});
