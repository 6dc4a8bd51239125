// `npm start`: build what is stale, start the API (with its embedded PostgreSQL; restarted if it exits unasked,
// see supervise.mjs) and serve the shell and every area remote from its own origin, as in production.
import fs from 'node:fs';
import { API, AREAS, SHELL, portFromEnv } from './areas.mjs';
import { startApi } from './api-process.mjs';
import { buildStale } from './run.mjs';

const publicHost = process.env.PUBLIC_HOST ?? 'localhost';
const apiPort = portFromEnv('API_PORT', API.port);

await buildStale();
// Imported after the build: the stack validates its registry with the built @tunehouse/shell-contract.
const { startStack } = await import('./stack.mjs');
const shellPort = portFromEnv('SHELL_PORT', SHELL.port);
const shellOrigin = `http://${publicHost}:${shellPort}`;
const areaPorts = Object.fromEntries(
  AREAS.map((area) => [area.name, portFromEnv(`MFE_${area.name.toUpperCase()}_PORT`, area.port)]),
);
// The API must accept the shell's origin (CORS, the refresh's Origin check) and put it in mailed links, whatever
// port it is served on. The origins are given explicitly: the API trusts its built-in 4200–4206 defaults only
// when it runs in its default local configuration (docs/decisions/0063-lows-of-the-2026-11-27-review.md, N8).
const servedOrigins = [
  shellOrigin,
  ...Object.values(areaPorts).map((port) => `http://${publicHost}:${port}`),
];
const api = await startApi({
  port: apiPort,
  env: {
    CORS_ORIGINS: [process.env.CORS_ORIGINS, ...servedOrigins].filter(Boolean).join(','),
    SITE_URL: process.env.SITE_URL ?? shellOrigin,
  },
});
const stack = await startStack({
  host: process.env.HOST ?? '127.0.0.1',
  publicHost,
  shellPort,
  areaPorts,
  apiBaseUrl: api?.url ?? `http://${publicHost}:${apiPort}`,
  // The browser's error reports (docs/decisions/0086-traces-and-error-reporting.md); the API reads its own DSN.
  errorReportingDsn: process.env.SHELL_ERROR_REPORTING_DSN ?? '',
});

console.log('\nTunehouse is running.');
console.log(`  Open      ${stack.shellUrl}`);
// Each area's deployed version, as the registry names it (npm run area -- status lists them all).
const deployed = JSON.parse(fs.readFileSync(stack.registryFile, 'utf8')).areas;
for (const [area, url] of Object.entries(stack.areaUrls))
  console.log(`  ${area.padEnd(9)} ${deployed[area]?.manifest ?? url}`);
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
