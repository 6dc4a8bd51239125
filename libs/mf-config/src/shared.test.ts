import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SHARED_ZOD, sharedDependencies } from './shared.js';

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

  it('never shares the router or our own libs (shared modules are not tree-shaken)', () => {
    expect(
      Object.keys(shared).filter(
        (key) =>
          ['wouter', 'react-router'].some((router) => key.startsWith(router)) ||
          key.startsWith('@tunehouse/'),
      ),
    ).toEqual([]);
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
