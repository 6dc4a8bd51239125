import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_splits',
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env.MFE_SPLITS_PORT ?? 4203),
      title: 'Royalty splits — Tunehouse (standalone)',
    },
    argv,
  );
