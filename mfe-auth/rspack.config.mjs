import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_auth',
      kind: 'remote',
      exposes: { './app': './src/lifecycles.ts' },
      port: Number(process.env.MFE_AUTH_PORT ?? 4201),
      title: 'Sign-in and account — Tunehouse (standalone)',
    },
    argv,
  );
