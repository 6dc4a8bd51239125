import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAreaConfig } from './area-config.js';

const made: string[] = [];
afterEach(() => {
  delete process.env.MFE_PROBE_PORT;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An area folder with only a manifest; the config URL names its rspack.config.mjs. */
function areaFolder(): URL {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'area-config-'));
  made.push(dir);
  const manifest = {
    name: 'probe',
    title: 'Probe area',
    scope: 'tunehouse_probe',
    port: 4299,
    routes: ['/probe'],
  };
  fs.writeFileSync(path.join(dir, 'area.manifest.json'), JSON.stringify(manifest));
  return pathToFileURL(path.join(dir, 'rspack.config.mjs'));
}

/** The dev server's port (rspack types the dev server as `false` or its options). */
const portOf = (config: ReturnType<ReturnType<typeof createAreaConfig>>) =>
  config.devServer ? config.devServer.port : undefined;

const federationOf = (config: ReturnType<ReturnType<typeof createAreaConfig>>) =>
  (config.plugins ?? []).find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as
    { _options: { name: string; exposes: Record<string, string> } } | undefined;

describe('createAreaConfig', () => {
  it('builds the remote its manifest names: scope, exposed app, port and page title', () => {
    const url = areaFolder();
    const config = createAreaConfig(url)({}, { mode: 'production' });
    expect(federationOf(config)?._options).toMatchObject({
      name: 'tunehouse_probe',
      exposes: { './app': './src/lifecycles.ts' },
    });
    expect(portOf(config)).toBe(4299);
    expect(config.context).toBe(fileURLToPath(new URL('.', url)));
  });

  it('takes the dev server port from MFE_<NAME>_PORT when set', () => {
    process.env.MFE_PROBE_PORT = '5299';
    expect(portOf(createAreaConfig(areaFolder())({}, { mode: 'development' }))).toBe(5299);
  });
});
