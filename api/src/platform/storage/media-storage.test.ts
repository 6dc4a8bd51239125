import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.js';
import { createLocalStorage, createS3Storage, type MediaStorage } from './index.js';

let s3: TestS3Server;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-storage-'));
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

// The same behaviour from both drivers: the local folder, and the S3 adapter against a real S3-compatible server.
const drivers: [string, () => MediaStorage][] = [
  ['local folder', () => createLocalStorage(fs.mkdtempSync(path.join(scratch, 'local-')))],
  ['S3 (s3rver)', () => createS3Storage({ ...s3.settings, prefix: `run-${Date.now()}` }, scratch)],
];

describe.each(drivers)('media storage: %s', (_name, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it('puts bytes and reads them back as a stream with their size', async () => {
    await storage.put('media/audio/a1/preview.mp3', Buffer.from('not really an mp3'), 'audio/mpeg');
    const object = await storage.get('media/audio/a1/preview.mp3');
    expect(object?.size).toBe(17);
    expect(await text(object!.body)).toBe('not really an mp3');
    expect(await storage.size('media/audio/a1/preview.mp3')).toBe(17);
  });

  it('moves a local file into the store (the file is gone) and replaces an object whole', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const file = path.join(storage.scratchDir, `upload-${Math.random()}.partial`);
    fs.mkdirSync(storage.scratchDir, { recursive: true });
    fs.writeFileSync(file, bytes);
    await storage.put('media/images/i1/original.png', { file });
    expect(fs.existsSync(file)).toBe(false);
    expect(await storage.size('media/images/i1/original.png')).toBe(300_000);
    await storage.put('media/images/i1/original.png', Buffer.from('replaced'));
    expect(await text((await storage.get('media/images/i1/original.png'))!.body)).toBe('replaced');
  });

  it('answers null for what is not there, and deleting it is fine', async () => {
    expect(await storage.get('media/audio/none/original.wav')).toBeNull();
    expect(await storage.size('media/audio/none/original.wav')).toBeNull();
    await storage.delete('media/audio/none/original.wav');
    expect(await storage.withLocalFile('media/audio/none/original.wav', async () => 'ran')).toBeNull();
  });

  it('lists and deletes by prefix, leaving other keys', async () => {
    await storage.put('reports/r1/a.csv', Buffer.from('a'));
    await storage.put('reports/r1/sub/b.csv', Buffer.from('b'));
    await storage.put('reports/r10/c.csv', Buffer.from('c'));
    expect(await storage.list('reports/r1')).toEqual(['reports/r1/a.csv', 'reports/r1/sub/b.csv']);
    await storage.deletePrefix('reports/r1');
    expect(await storage.list('reports/r1')).toEqual([]);
    expect(await storage.list('reports')).toEqual(['reports/r10/c.csv']);
    await storage.delete('reports/r10/c.csv');
    expect(await storage.size('reports/r10/c.csv')).toBeNull();
  });

  it('hands a tool a local file with the bytes, keeping its name', async () => {
    await storage.put('media/audio/a2/original.wav', Buffer.from('RIFF....WAVE'));
    const seen = await storage.withLocalFile('media/audio/a2/original.wav', async (file) => ({
      name: path.basename(file),
      bytes: fs.readFileSync(file, 'utf8'),
    }));
    expect(seen?.name).toMatch(/original\.wav$/);
    expect(seen?.bytes).toBe('RIFF....WAVE');
  });

  it('refuses a key that could name something outside the store', async () => {
    for (const key of ['../secrets/jwt-secret', 'media//x', '/etc/passwd', 'media/./x', ''])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
  });
});
