import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_artists',
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env.MFE_ARTISTS_PORT ?? 4204),
      title: 'Artists — Tunehouse (standalone)',
    },
    argv,
  );
