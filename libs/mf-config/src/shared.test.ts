import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SHARED_REACT_ROUTER, SHARED_ZOD, sharedDependencies } from './shared.js';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shell');
const versionOf = (name: string) =>
  (createRequire(path.join(shellDir, 'package.json'))(`${name}/package.json`) as { version: string }).version;

describe('sharedDependencies', () => {
  const shared = sharedDependencies(shellDir);

  it('shares React, its renderer and emotion by explicit subpath, as strict singletons at installed versions', () => {
    for (const request of [
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-dom/client',
      '@emotion/react/jsx-runtime',
    ]) {
      expect(shared[request], request).toMatchObject({ singleton: true, strictVersion: true });
    }
    expect(shared['react-dom/client']?.version).toBe(versionOf('react-dom'));
    expect(shared['react']?.requiredVersion).toBe(`^${versionOf('react')}`);
  });

  it('never shares our own libs (shared modules are not tree-shaken)', () => {
    expect(Object.keys(shared).filter((key) => key.startsWith('@tunehouse/'))).toEqual([]);
  });

  it('shares react-router as the members area-kit uses, one copy for every area', () => {
    expect(shared['react-router']).toMatchObject({
      import: SHARED_REACT_ROUTER.module,
      singleton: true,
      strictVersion: true,
      version: versionOf('react-router'),
    });
    expect(SHARED_REACT_ROUTER.module).toMatch(/[\\/]browser[\\/]react-router\.js$/);
    expect(Object.keys(shared).filter((key) => key.startsWith('react-router/'))).toEqual([]);
  });

  it('shares zod as the members the apps call, not zod itself', () => {
    expect(shared['zod']).toMatchObject({
      import: SHARED_ZOD.module,
      singleton: true,
      strictVersion: true,
      version: versionOf('zod'),
    });
    expect(SHARED_ZOD.module).toMatch(/[\\/]browser[\\/]zod\.js$/);
  });

  it('leaves out what the app cannot resolve', () => {
    expect(sharedDependencies('/nonexistent-app-dir')).toEqual({});
  });
});
