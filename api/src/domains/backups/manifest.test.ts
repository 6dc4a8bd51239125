import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyBackup, writeManifest } from './manifest.js';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function backupFolder() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-backup-'));
  fs.mkdirSync(path.join(dir, 'database'));
  fs.mkdirSync(path.join(dir, 'media', 'audio'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'database', 'users.copy'), '1\tmara@example.com\n');
  fs.writeFileSync(path.join(dir, 'media', 'audio', 'master.wav'), Buffer.from([0, 1, 2, 3, 255]));
  return dir;
}

describe('the backup manifest', () => {
  it('records every part with its sha256 and size, and an untouched backup verifies', async () => {
    const manifest = await writeManifest(backupFolder(), { schemaVersion: '0028', appVersion: '1.0.0' });
    expect(Object.keys(manifest.parts)).toEqual(['database/users.copy', 'media/audio/master.wav']);
    expect(manifest.parts['media/audio/master.wav']?.size).toBe(5);
    await expect(verifyBackup(dir)).resolves.toMatchObject({ schemaVersion: '0028' });
  });

  it('refuses a backup with an altered file, naming it', async () => {
    await writeManifest(backupFolder(), { schemaVersion: '0028', appVersion: '1.0.0' });
    fs.writeFileSync(path.join(dir, 'media', 'audio', 'master.wav'), Buffer.from([0, 1, 2, 3, 254]));
    await expect(verifyBackup(dir)).rejects.toThrow('media/audio/master.wav does not match its checksum');
  });

  it('refuses a backup with a missing or an extra file', async () => {
    await writeManifest(backupFolder(), { schemaVersion: '0028', appVersion: '1.0.0' });
    fs.rmSync(path.join(dir, 'database', 'users.copy'));
    fs.writeFileSync(path.join(dir, 'media', 'stray.bin'), 'x');
    await expect(verifyBackup(dir)).rejects.toThrow(
      'database/users.copy is missing; media/stray.bin is not in the manifest',
    );
  });
});
