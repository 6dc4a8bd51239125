// `npm run area -- <verb>`: publish an area's build under an immutable version, move its pointer in the registry
// the shell reads, roll it back, and list what is where. Each verb prints its result on its last line, for scripts.
// See README "Ship one area" and docs/decisions/0053-area-release-tool.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AREAS } from '../start/areas.mjs';
import { ROOT } from '../start/paths.mjs';
import { buildArea, nxBuild } from './build.mjs';
import { readBuild } from './hash.mjs';
import { AreaToolError } from './errors.mjs';
import { listReleases, publishBuild } from './release.mjs';
import { findArea, readSettings, startOrigin } from './settings.mjs';
import { openRegistryLocation, openStorage } from './storage.mjs';

// The registry is checked with the shell contract's own schema, from its build: on a fresh clone it is built first.
if (!fs.existsSync(path.join(ROOT, 'libs', 'shell-contract', 'dist', 'index.js')))
  await nxBuild('@tunehouse/shell-contract');
const { areaStatus, deployVersion, lastPointer, baseUrlOf, rollbackArea } = await import('./pointer.mjs');

const USAGE = `usage: npm run area -- <verb>
  publish <area> [--dist <built folder>]   build the area alone and store it; prints the version
  deploy <area> <version>                  point the registry at a published version
  rollback <area>                          point it back at the version before
  status [--json]                          each area's current, previous and available versions
settings (flag or variable): --store AREA_STORE, --registry AREA_REGISTRY, --origins AREA_ORIGINS,
  --base-url AREA_PUBLIC_URL`;

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

async function publish(settings, [name], flags) {
  const area = findArea(name);
  const started = performance.now();
  const dist = flags.dist ? path.resolve(flags.dist) : await buildArea(area);
  const built = performance.now();
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new AreaToolError(`${dist} holds no build`);
  const store = await openStorage(settings.store);
  const packageVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, area.dir, 'package.json'), 'utf8'),
  ).version;
  const { release, unchanged } = await publishBuild(store, {
    area: area.name,
    scope: area.scope,
    routes: area.routes,
    packageVersion,
    files: readBuild(dist),
  });
  const timing = flags.dist
    ? seconds(started)
    : `${seconds(started)}: build ${((built - started) / 1000).toFixed(2)} s, store ${seconds(built)}`;
  console.log(
    unchanged
      ? `unchanged: ${area.name} ${release.version} is already published in ${store.description} (${timing})`
      : `published ${area.name} ${release.version} to ${store.description}: ${release.files} files, ${(release.bytes / 1e6).toFixed(1)} MB (${timing})`,
  );
  console.log(release.version);
}

async function locations(settings) {
  return {
    store: await openStorage(settings.store),
    registry: await openRegistryLocation(settings.registry),
  };
}

async function deploy(settings, [name, version]) {
  const area = findArea(name);
  if (!version) throw new AreaToolError('deploy needs a version (see npm run area -- status)');
  const started = performance.now();
  const { store, registry } = await locations(settings);
  const current = await lastPointer(registry, area.name);
  const baseUrl =
    settings.baseUrl ?? (current && baseUrlOf(current.manifest, area.name)) ?? startOrigin(area);
  const moved = await deployVersion({
    registry,
    store,
    area: area.name,
    version,
    baseUrl,
    allowedOrigins: settings.allowedOrigins,
  });
  console.log(
    moved.unchanged
      ? `unchanged: ${area.name} already points at ${version} (${seconds(started)})`
      : `deployed ${area.name} ${version} (was ${moved.previous?.version ?? 'none'}) in ${seconds(started)}`,
  );
}

async function rollback(settings, [name]) {
  const area = findArea(name);
  const started = performance.now();
  const { registry } = await locations(settings);
  const moved = await rollbackArea({ registry, area: area.name, allowedOrigins: settings.allowedOrigins });
  console.log(
    `rolled back ${area.name} to ${moved.current.version} (was ${moved.previous.version}) in ${seconds(started)}`,
  );
}

async function status(settings, _args, flags) {
  const { store, registry } = await locations(settings);
  const status = await areaStatus({ registry, store, areas: AREAS.map((area) => area.name), listReleases });
  if (flags.json) {
    console.log(JSON.stringify(status));
    return;
  }
  for (const [area, { current, previous, available }] of Object.entries(status)) {
    console.log(`${area.padEnd(10)} current ${current ?? '-'}  previous ${previous ?? '-'}`);
    for (const version of available)
      console.log(`${''.padEnd(10)} ${version === current ? '*' : ' '} ${version}`);
  }
  const deployed = Object.values(status).filter((area) => area.current).length;
  console.log(`${deployed} of ${Object.keys(status).length} areas deployed; registry ${settings.registry}`);
}

const VERBS = { publish, deploy, rollback, status };

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      dist: { type: 'string' },
      json: { type: 'boolean' },
      store: { type: 'string' },
      registry: { type: 'string' },
      origins: { type: 'string' },
      'base-url': { type: 'string' },
    },
  });
  const [verb, ...args] = positionals;
  const run = VERBS[verb];
  if (!run) throw new AreaToolError(USAGE);
  await run(readSettings(values), args, values);
} catch (error) {
  // The tool's own refusals are said plainly; anything else keeps its stack for whoever debugs it.
  if (!(error instanceof AreaToolError || error?.code?.startsWith?.('ERR_PARSE_ARGS'))) console.error(error);
  console.error(`error: ${String(error?.message ?? error)}`);
  process.exitCode = 1;
}
