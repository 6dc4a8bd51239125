// The backup round trip with STORAGE_DRIVER=s3 (issue 29: "every file of the media storage, local or S3"): objects
// in a real S3-compatible server (s3rver, the S3 REST API over HTTP, driven by the app's own AWS SDK client) are
// backed up byte for byte and restored into an empty bucket and an empty database; a damaged backup and a bucket
// that already holds objects are refused with nothing written. The local-folder round trip with the demo data,
// the API started on it and the rows checked against the files is round-trip.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage, type MediaStorage } from '../../platform/storage/index.js';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.js';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../../testing/test-app.js';
import { restoreBackup, STORAGE_PREFIXES, takeBackup, verifyBackup } from './index.js';

let source: TestS3Server;
let target: TestS3Server;
let t: TestApp;
let storage: MediaStorage;
let scratch = '';
const drops: (() => Promise<void>)[] = [];

/** One object under each prefix the API stores under, nested as the app nests them; binary, not text. */
const OBJECTS: Record<string, Buffer> = {
  'media/audio/0b1c/original.wav': randomBytes(700_000),
  'media/audio/0b1c/preview.mp3': randomBytes(90_000),
  'media/images/7d2e/cover-3000.jpg': randomBytes(250_000),
  'verifications/41aa/front.png': randomBytes(40_000),
  'reports/2026-10/spotify.csv': Buffer.from('isrc,streams\nQZTH12600001,12\n'),
};

/** Every key and its bytes in a storage, under the prefixes a backup copies. */
async function contents(store: MediaStorage): Promise<Record<string, Buffer>> {
  const found: Record<string, Buffer> = {};
  for (const prefix of STORAGE_PREFIXES)
    for (const key of await store.list(prefix)) found[key] = await buffer((await store.get(key))!.body);
  return found;
}

/** The settings of a restore into the target server's bucket under `prefix`, with an empty database. */
async function restoreTarget(prefix: string) {
  const database = await createTestDatabase({ empty: true });
  drops.push(database.drop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-s3-restore-'));
  drops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return testConfig({
    dataDir,
    databaseUrl: database.url,
    storage: { driver: 's3', s3: { ...target.settings, prefix } },
  });
}

beforeAll(async () => {
  source = await startTestS3Server('tunehouse-live');
  target = await startTestS3Server('tunehouse-restored');
  // One bucket may hold several installations (S3_PREFIX): this one is under `label-a`.
  t = await createTestApp(
    { storage: { driver: 's3', s3: { ...source.settings, prefix: 'label-a' } } },
    undefined,
    { ownDataDir: 's3-backup-source' },
  );
  storage = createMediaStorage(t.config);
  for (const [key, bytes] of Object.entries(OBJECTS)) await storage.put(key, bytes);
  // Another installation's object in the same bucket: not this backup's.
  const neighbour = createMediaStorage({
    ...t.config,
    storage: { driver: 's3', s3: { ...source.settings, prefix: 'label-b' } },
  });
  await neighbour.put('media/audio/ffff/original.wav', randomBytes(1_000));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-s3-backup-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const drop of drops) await drop();
  await source?.close();
  await target?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a backup of media in an S3-compatible bucket', () => {
  it('holds every object of the installation and restores them byte for byte into an empty bucket', async () => {
    const out = path.join(scratch, 'whole');
    const run = await takeBackup({ db: t.db, storage, dataDir: t.config.dataDir, out });

    // Each object is a part of the manifest, with its checksum; the neighbour's object is not.
    const manifest = await verifyBackup(out);
    const storedParts = Object.keys(manifest.parts).filter((part) => part.startsWith('storage/'));
    expect(storedParts.sort()).toEqual(
      Object.keys(OBJECTS)
        .map((key) => `storage/${key}`)
        .sort(),
    );
    expect(manifest).toMatchObject({ storageDriver: 's3', storage: { objects: 5 } });
    for (const [key, bytes] of Object.entries(OBJECTS))
      expect(fs.readFileSync(path.join(out, 'storage', ...key.split('/'))).equals(bytes), key).toBe(true);
    expect(run.bytes).toBeGreaterThan(Object.values(OBJECTS).reduce((sum, bytes) => sum + bytes.length, 0));

    const config = await restoreTarget('restored');
    const result = await restoreBackup(out, config);
    expect(result.objects).toBe(Object.keys(OBJECTS).length);
    const restored = await contents(createMediaStorage(config));
    expect(Object.keys(restored).sort()).toEqual(Object.keys(OBJECTS).sort());
    for (const [key, bytes] of Object.entries(OBJECTS)) expect(restored[key]!.equals(bytes), key).toBe(true);

    // Restoring again into the same bucket and prefix is refused: it is no longer empty.
    await expect(restoreBackup(out, await restoreTarget('restored'))).rejects.toThrow(
      /The target is not empty.*the media storage \(s3\) already holds media\/audio\/0b1c\/original\.wav/,
    );
  }, 180_000);

  it('refuses a backup whose object was altered, and puts nothing into the bucket', async () => {
    const out = path.join(scratch, 'damaged');
    await takeBackup({ db: t.db, storage, dataDir: t.config.dataDir, out });
    const file = path.join(out, 'storage', 'media', 'images', '7d2e', 'cover-3000.jpg');
    const bytes = fs.readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(0) ^ 0xff, 0);
    fs.writeFileSync(file, bytes);

    const config = await restoreTarget('untouched');
    await expect(restoreBackup(out, config)).rejects.toThrow(
      'storage/media/images/7d2e/cover-3000.jpg does not match its checksum',
    );
    expect(await contents(createMediaStorage(config))).toEqual({});
  }, 120_000);
});
