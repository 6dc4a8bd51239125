// `npm start`: build what is stale, start the API (with its embedded PostgreSQL) and serve the shell and
// every area remote from its own origin, as in production.
import { API, AREAS, SHELL, portFromEnv } from './areas.mjs';
import { startApi } from './api-process.mjs';
import { buildStale } from './run.mjs';

const publicHost = process.env.PUBLIC_HOST ?? 'localhost';
const apiPort = portFromEnv('API_PORT', API.port);

await buildStale();
// Imported after the build: the stack validates its registry with the built @tunehouse/shell-contract.
const { startStack } = await import('./stack.mjs');
const api = await startApi({ port: apiPort });
const stack = await startStack({
  host: process.env.HOST ?? '127.0.0.1',
  publicHost,
  shellPort: portFromEnv('SHELL_PORT', SHELL.port),
  areaPorts: Object.fromEntries(
    AREAS.map((area) => [area.name, portFromEnv(`MFE_${area.name.toUpperCase()}_PORT`, area.port)]),
  ),
  apiBaseUrl: api?.url ?? `http://${publicHost}:${apiPort}`,
});

console.log('\nTunehouse is running.');
console.log(`  Open      ${stack.shellUrl}`);
for (const [area, url] of Object.entries(stack.areaUrls))
  console.log(`  ${area.padEnd(9)} ${url}/mf-manifest.json`);
console.log(api ? `  API       ${api.url} (docs: ${api.url}/docs)` : '  API       not built yet');
console.log('Press Ctrl-C to stop.\n');

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stack.close();
  await api?.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
