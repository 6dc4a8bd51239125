import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { createAppConfig } from './app-config.js';

/** What an area's `area.manifest.json` says of it (the rest of the file, its routes, is the registry's). */
interface AreaManifest {
  name: string;
  title: string;
  scope: string;
  port: number;
}

/**
 * The rspack configuration of an area, from its manifest: an area's `rspack.config.mjs` is
 * `export default createAreaConfig(import.meta.url)`. Who the area is (name, Module Federation scope, port, title)
 * is written once, in `area.manifest.json` beside the config, which npm start, the registry and the lint
 * boundaries read too. `MFE_<NAME>_PORT` moves the dev server.
 */
export function createAreaConfig(configUrl: string | URL) {
  const manifest = JSON.parse(
    readFileSync(new URL('./area.manifest.json', configUrl), 'utf8'),
  ) as AreaManifest;
  return (_env: unknown, argv: { mode?: string } = {}): Configuration =>
    createAppConfig(
      {
        appDir: fileURLToPath(new URL('.', configUrl)),
        name: manifest.scope,
        kind: 'remote',
        exposes: { './app': './src/lifecycles.ts' },
        port: Number(process.env[`MFE_${manifest.name.toUpperCase()}_PORT`] ?? manifest.port),
        title: `${manifest.title} — Tunehouse (standalone)`,
      },
      argv,
    );
}
