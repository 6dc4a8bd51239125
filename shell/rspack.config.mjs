import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

export default (_env, argv) =>
  createAppConfig(
    {
      appDir: fileURLToPath(new URL('.', import.meta.url)),
      name: 'tunehouse_shell',
      kind: 'host',
      port: Number(process.env.SHELL_PORT ?? 4200),
      title: 'Release your music with Tunehouse',
    },
    argv,
  );
