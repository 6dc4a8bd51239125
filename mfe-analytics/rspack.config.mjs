import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_analytics',
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env.MFE_ANALYTICS_PORT ?? 4205),
      title: 'Analytics — Tunehouse (standalone)',
    },
    argv,
  );
