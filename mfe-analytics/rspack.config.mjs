import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

// Who this area is (name, Module Federation scope, port) is written once, in its manifest; npm start, the
// registry and the lint boundaries read the same file.
const manifest = JSON.parse(readFileSync(new URL('./area.manifest.json', import.meta.url), 'utf8'));

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: manifest.scope,
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env[`MFE_${manifest.name.toUpperCase()}_PORT`] ?? manifest.port),
      title: `${manifest.title} — Tunehouse (standalone)`,
    },
    argv,
  );
