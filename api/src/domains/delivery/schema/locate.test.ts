import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERN_SCHEMA_FILE } from './ern-schema.js';
import { createErnSchemaLocator, type ErnSchemaLocatorOptions } from './locate.js';
import { ernEnvelopeSchema } from './test-schemas.js';
import { validateErn } from './validate.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-ern-schema-'));
const [main, parts] = ernEnvelopeSchema.files;
const MESSAGE = `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><MessageHeader/><PartyList/><ResourceList>
<SoundRecording><Duration>DURATION</Duration></SoundRecording></ResourceList><ReleaseList/></ern:NewReleaseMessage>`;

function folder(name: string, files: readonly { fileName: string; contents: string }[]) {
  const target = path.join(dir, name);
  fs.mkdirSync(target, { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(target, file.fileName), file.contents);
  return target;
}

const options = (overrides: Partial<ErnSchemaLocatorOptions>): ErnSchemaLocatorOptions => ({
  dir: undefined,
  candidates: [],
  cacheDir: path.join(dir, 'unused-cache'),
  publishedUrl: null,
  ...overrides,
});

// The publisher: the main file imports its parts by an absolute address, as DDEX's files do.
const requests: string[] = [];
let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/current/release-notification.xsd')
      return void response.writeHead(302, { location: '/xml/ern/43/moved/release-notification.xsd' }).end();
    if (request.url === '/xml/ern/43/moved/release-notification.xsd')
      return void response
        .writeHead(200)
        .end(main!.contents.replace('"ern-parts.xsd"', '"../../../avs/ern-parts.xsd"'));
    const body =
      request.url === '/xml/ern/43/release-notification.xsd'
        ? main!.contents.replace(
            'schemaLocation="ern-parts.xsd"',
            `schemaLocation="${origin}/xml/avs/ern-parts.xsd"`,
          )
        : request.url === '/xml/avs/ern-parts.xsd'
          ? parts!.contents
          : null;
    response
      .writeHead(body === null ? 404 : 200, { 'content-type': 'application/xml' })
      .end(body ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('createErnSchemaLocator', () => {
  it('reads DDEX_SCHEMA_DIR and every file the schema imports, and looks nowhere else', async () => {
    const configured = folder('configured', ernEnvelopeSchema.files);
    const lookup = await createErnSchemaLocator(
      options({ dir: configured, candidates: [folder('candidate', ernEnvelopeSchema.files)] }),
    )();
    expect(lookup).toEqual({ found: true, schema: { origin: configured, files: [main, parts] } });
  });

  it('refuses, naming the setting, a DDEX_SCHEMA_DIR without the schema or one of its imports', async () => {
    const incomplete = folder('incomplete', [main!]);
    const lookup = await createErnSchemaLocator(
      options({ dir: incomplete, candidates: [folder('fallback', ernEnvelopeSchema.files)] }),
    )();
    expect(lookup).toMatchObject({ found: false, required: true });
    expect(lookup.found ? '' : lookup.reason).toBe(
      `DDEX_SCHEMA_DIR is ${incomplete}: ${path.join(incomplete, 'ern-parts.xsd')} does not exist`,
    );
  });

  it('refuses a folder whose schema imports from the network (nothing is fetched from a folder)', async () => {
    const online = folder('online', [
      {
        fileName: ERN_SCHEMA_FILE,
        contents: main!.contents.replace('"ern-parts.xsd"', '"https://ddex.net/avs.xsd"'),
      },
    ]);
    const lookup = await createErnSchemaLocator(options({ dir: online }))();
    expect(lookup.found ? '' : lookup.reason).toMatch(
      /refers to https:\/\/ddex\.net\/avs\.xsd, which is not a file/,
    );
  });

  it('takes the first candidate folder holding the schema when DDEX_SCHEMA_DIR is unset', async () => {
    const present = folder('present', ernEnvelopeSchema.files);
    const lookup = await createErnSchemaLocator(
      options({ candidates: [path.join(dir, 'absent'), present] }),
    )();
    expect(lookup).toMatchObject({ found: true, schema: { origin: present } });
  });

  it('downloads the published schema once into the cache folder, imports renamed to the files kept', async () => {
    const cacheDir = path.join(dir, 'data', 'ddex', 'ern43');
    const published = `${origin}/xml/ern/43/release-notification.xsd`;
    requests.length = 0;
    const lookup = await createErnSchemaLocator(options({ cacheDir, publishedUrl: published }))();
    expect(lookup).toMatchObject({ found: true, schema: { origin: `${published} (kept in ${cacheDir})` } });
    expect(requests).toEqual(['/xml/ern/43/release-notification.xsd', '/xml/avs/ern-parts.xsd']);
    expect(fs.readdirSync(cacheDir).sort()).toEqual(['ern-parts.xsd', ERN_SCHEMA_FILE]);
    expect(fs.readFileSync(path.join(cacheDir, ERN_SCHEMA_FILE), 'utf8')).toBe(main!.contents);

    // The kept copy validates, and the next start of the API reads it without asking again.
    const schema = lookup.found ? lookup.schema : ernEnvelopeSchema;
    expect(await validateErn(MESSAGE.replace('DURATION', 'PT3M'), schema)).toEqual({ valid: true });
    expect(await validateErn(MESSAGE.replace('DURATION', '3:00'), schema)).toMatchObject({ valid: false });
    const again = await createErnSchemaLocator(options({ cacheDir, publishedUrl: published }))();
    expect(again).toMatchObject({ found: true, schema: { origin: cacheDir } });
    expect(requests).toHaveLength(2);
  });

  it('resolves the imports of a redirected schema against where it was found', async () => {
    const cacheDir = path.join(dir, 'redirected', 'ddex', 'ern43');
    requests.length = 0;
    const lookup = await createErnSchemaLocator(
      options({ cacheDir, publishedUrl: `${origin}/current/release-notification.xsd` }),
    )();
    expect(lookup).toMatchObject({ found: true });
    expect(requests).toEqual([
      '/current/release-notification.xsd',
      '/xml/ern/43/moved/release-notification.xsd',
      '/xml/avs/ern-parts.xsd',
    ]);
    expect(fs.readFileSync(path.join(cacheDir, ERN_SCHEMA_FILE), 'utf8')).toBe(main!.contents);
  });

  it('says where it looked when there is no schema, warns once, and tries the download again later', async () => {
    const warnings: string[] = [];
    const cacheDir = path.join(dir, 'never', 'ddex', 'ern43');
    const settings = options({
      candidates: [path.join(dir, 'no-reference-copy')],
      cacheDir,
      publishedUrl: `${origin}/gone/release-notification.xsd`,
      warn: (message) => warnings.push(message),
      retryAfterMs: 60_000,
    });
    requests.length = 0;
    const locate = createErnSchemaLocator(settings);
    const lookup = await locate();
    expect(lookup).toMatchObject({ found: false, required: false });
    expect(lookup.found ? '' : lookup.reason).toBe(
      [
        'DDEX_SCHEMA_DIR is not set',
        `${path.join(dir, 'no-reference-copy')} holds no ${ERN_SCHEMA_FILE}`,
        `${cacheDir} holds no ${ERN_SCHEMA_FILE}`,
        `downloading ${origin}/gone/release-notification.xsd failed: ${origin}/gone/release-notification.xsd answered 404`,
      ].join('; '),
    );
    expect(fs.existsSync(cacheDir)).toBe(false);
    await locate();
    expect(requests).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^DDEX ERN 4\.3 schema validation is skipped/);

    const impatient = createErnSchemaLocator({ ...settings, retryAfterMs: 0 });
    await impatient();
    await impatient();
    expect(requests).toHaveLength(3);
  });
});
