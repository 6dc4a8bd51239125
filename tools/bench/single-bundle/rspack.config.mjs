// Bench only, never shipped: the shell and every area built as one application with no Module Federation, so
// `npm run bench:web` can print what federation costs on a first load (issue 18: ≤ 1.15×). The shell's own
// configuration minus the federation plugin; its federation runtime API is aliased to federation-stand-in.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tunehouse/mf-config';

const here = path.dirname(fileURLToPath(import.meta.url));
const shellDir = path.resolve(here, '../../../shell');

export default (_env, argv) => {
  const config = createAppConfig(
    {
      appDir: shellDir,
      name: 'tunehouse_single',
      kind: 'host',
      port: 0,
      title: 'Release your music with Tunehouse',
    },
    { mode: 'production', ...argv },
  );
  return {
    ...config,
    output: { ...config.output, path: path.join(here, 'dist'), uniqueName: 'tunehouse_single' },
    plugins: config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
    resolve: {
      ...config.resolve,
      alias: { '@module-federation/enhanced/runtime$': path.join(here, 'federation-stand-in.ts') },
    },
    module: {
      ...config.module,
      // The areas' sources are outside the shell's folder; the same TypeScript rule applies to them.
      rules: config.module.rules,
    },
  };
};
