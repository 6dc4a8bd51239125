// `npm run dev`: rspack dev servers for the shell and every remote, each on its own port, with a registry
// pointing at them. Libs are built once first (their dist/ is what apps import).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API, AREAS, SHELL, portFromEnv } from './areas.mjs';
import { NX_ENV, run } from './run.mjs';
import { ROOT } from './paths.mjs';

const publicHost = process.env.PUBLIC_HOST ?? 'localhost';
const envDir = path.join(ROOT, '.data', 'dev-env');
const ports = Object.fromEntries(
  AREAS.map((area) => [area.name, portFromEnv(`MFE_${area.name.toUpperCase()}_PORT`, area.port)]),
);
const shellPort = portFromEnv('SHELL_PORT', SHELL.port);

await run(
  process.execPath,
  ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--projects=libs/*', '--output-style=static'],
  {
    env: NX_ENV,
  },
);

fs.mkdirSync(envDir, { recursive: true });
const registry = {
  schemaVersion: 1,
  areas: Object.fromEntries(
    AREAS.map((area) => [
      area.name,
      {
        manifest: `http://${publicHost}:${ports[area.name]}/mf-manifest.json`,
        scope: area.scope,
        routes: area.routes,
        version: 'dev',
      },
    ]),
  ),
};
fs.writeFileSync(path.join(envDir, 'remotes.json'), JSON.stringify(registry, null, 2));
fs.writeFileSync(
  path.join(envDir, 'shell-config.json'),
  JSON.stringify(
    {
      apiBaseUrl: `http://${publicHost}:${portFromEnv('API_PORT', API.port)}`,
      siteUrl: `http://${publicHost}:${shellPort}`,
    },
    null,
    2,
  ),
);

const rspack = path.join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
const children = [
  { dir: SHELL.dir, env: { SHELL_PORT: String(shellPort), TUNEHOUSE_ENV_DIR: envDir } },
  ...AREAS.map((area) => ({
    dir: area.dir,
    env: { [`MFE_${area.name.toUpperCase()}_PORT`]: String(ports[area.name]) },
  })),
].map(({ dir, env }) =>
  spawn(process.execPath, [rspack, 'serve', '--mode', 'development'], {
    cwd: path.join(ROOT, dir),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }),
);
console.log(`\nTunehouse dev servers starting; open http://${publicHost}:${shellPort}\n`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
