import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_releases',
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env.MFE_RELEASES_PORT ?? 4202),
      title: 'Releases — Tunehouse (standalone)',
    },
    argv,
  );
