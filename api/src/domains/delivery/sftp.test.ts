import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { prepareBatch } from './batch.js';
import type { MessageOptions } from './ern43.js';
import { releaseForDeliverySchema } from './model.js';
import { generateEd25519KeyPair, PlatformSimulatorSftpServer } from './sftp-simulator.js';
import { SftpTransport } from './sftp-transport.js';
import { PlatformSimulator } from './simulator.js';
import { ernEnvelopeSource } from './schema/test-schemas.js';
import { albumRelease, md5Of, singleRelease } from './test-fixtures.js';
import type { Acknowledgement, Receipt } from './transport.js';
import { createPlatformTransports } from './transports.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-sftp-'));
const clientKey = generateEd25519KeyPair();
const clientKeyFile = path.join(dir, 'id_ed25519');
fs.writeFileSync(clientKeyFile, clientKey.private, { mode: 0o600 });

// One in-process SFTP server per platform delivered to: Spotify with a key, Deezer with a password.
let spotify: PlatformSimulatorSftpServer;
let deezer: PlatformSimulatorSftpServer;
beforeAll(async () => {
  spotify = await PlatformSimulatorSftpServer.start({
    platform: 'SPOTIFY',
    root: path.join(dir, 'spotify-server'),
    schema: ernEnvelopeSource,
    ackDelaySeconds: 0.05,
    username: 'tunehouse',
    authorizedKey: clientKey.public,
  });
  deezer = await PlatformSimulatorSftpServer.start({
    platform: 'DEEZER',
    root: path.join(dir, 'deezer-server'),
    schema: ernEnvelopeSource,
    ackDelaySeconds: 0,
    username: 'tunehouse',
    password: 'p@ss word&more',
  });
});
afterAll(async () => {
  await spotify?.close();
  await deezer?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const options = (messageId: string, overrides: Partial<MessageOptions> = {}): MessageOptions => ({
  sender: { partyId: 'PADPIDATUNEHOUSE', name: 'Tunehouse' },
  recipient: { partyId: 'PADPIDATHSPOTIFY', name: 'Spotify' },
  messageId,
  createdAt: new Date('2025-03-01T12:00:00Z'),
  action: 'DELIVER',
  ...overrides,
});

async function eventually<T>(probe: () => Promise<T | null>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SFTP transport against an in-process SFTP server', () => {
  it('uploads the batch folder, BatchComplete last, and reads the platform acknowledgement', async () => {
    const transports = createPlatformTransports(
      {
        dataDir: path.join(dir, 'data'),
        delivery: {
          ...loadConfig({
            DATA_DIR: path.join(dir, 'data'),
            JWT_SECRET: 'x'.repeat(32),
            BOT_CHECK_HMAC_KEY: 'y'.repeat(32),
          }).delivery,
          platforms: {
            SPOTIFY: { sftp: spotify.credentials('/incoming', { privateKeyFile: clientKeyFile }) },
            DEEZER: { sftp: deezer.credentials('/drop', { password: 'p@ss word&more' }) },
          },
        },
      },
      { schema: ernEnvelopeSource },
    );
    expect(transports.SPOTIFY.kind).toBe('sftp');
    expect(transports.DEEZER.kind).toBe('sftp');
    expect(transports.TIDAL).toBeInstanceOf(PlatformSimulator);

    const release = releaseForDeliverySchema.parse(albumRelease(path.join(dir, 'album')));
    const batch = await prepareBatch(release, options('TH-SFTP-ALBUM-1'));
    const written: string[] = [];
    const onFile = (file: string) => written.push(file);
    spotify.on('file', onFile);
    const receipt = await transports.SPOTIFY.upload(batch);
    spotify.off('file', onFile);

    expect(receipt).toMatchObject({
      platform: 'SPOTIFY',
      messageId: 'TH-SFTP-ALBUM-1',
      releaseId: '0602445790715',
      alreadyComplete: false,
      files: 6,
      location: `sftp://127.0.0.1:${spotify.port}/incoming/TH-SFTP-ALBUM-1`,
    });
    expect(written).toEqual([
      '/incoming/TH-SFTP-ALBUM-1/0602445790715/resources/0602445790715_01_001.flac',
      '/incoming/TH-SFTP-ALBUM-1/0602445790715/resources/0602445790715_01_002.flac',
      '/incoming/TH-SFTP-ALBUM-1/0602445790715/resources/0602445790715_01_003.flac',
      '/incoming/TH-SFTP-ALBUM-1/0602445790715/resources/0602445790715.jpg',
      '/incoming/TH-SFTP-ALBUM-1/0602445790715/0602445790715.xml',
      '/incoming/TH-SFTP-ALBUM-1/BatchComplete_TH-SFTP-ALBUM-1.xml',
    ]);
    const landed = spotify.local('/incoming/TH-SFTP-ALBUM-1/0602445790715');
    expect(fs.readFileSync(path.join(landed, '0602445790715.xml'), 'utf8')).toBe(batch.message.xml);
    expect(md5Of(fs.readFileSync(path.join(landed, 'resources/0602445790715_01_002.flac')))).toBe(
      release.tracks[1]!.audio.md5,
    );

    const ack = await eventually(() => transports.SPOTIFY.acknowledgement(receipt));
    expect(ack).toMatchObject({ messageId: 'TH-SFTP-ALBUM-1', status: 'FileOK', accepted: true });
    expect(fs.existsSync(path.join(landed, 'ACK_0602445790715.xml'))).toBe(true);

    // A retry after a lost receipt finds the BatchComplete file and sends nothing again.
    spotify.on('file', onFile);
    written.length = 0;
    const again = await transports.SPOTIFY.upload(batch);
    spotify.off('file', onFile);
    expect(again.alreadyComplete).toBe(true);
    expect(written).toEqual([]);
  });

  it('logs in with a password, and the platform refuses a file whose MD5 differs from the message', async () => {
    const transport = new SftpTransport(
      'DEEZER',
      deezer.credentials('/drop', { password: 'p@ss word&more' }),
    );
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'single')));
    const batch = await prepareBatch(release, options('TH-SFTP-CORRUPT-1'));
    // The file changes between our check and the upload (or is damaged on the way).
    fs.writeFileSync(release.tracks[0]!.audio.path, 'not the audio the message announced');
    const receipt = await transport.upload(batch);
    const ack = await eventually<Acknowledgement>(() => transport.acknowledgement(receipt));
    expect(ack).toMatchObject({ status: 'ResourceCorrupt', accepted: false });
    expect(ack.errorText).toMatch(
      /resources\/196871234566_01_001\.wav: its MD5 is [0-9a-f]{32}, the message says/,
    );
  });

  it('refuses a server whose host key is not the configured one, before sending anything', async () => {
    const impostor = {
      ...spotify.credentials('/incoming', { privateKeyFile: clientKeyFile }),
      hostKeySha256: deezer.hostKeySha256,
    };
    const transport = new SftpTransport('SPOTIFY', impostor, { readyTimeoutMs: 5000 });
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'impostor')));
    const batch = await prepareBatch(release, options('TH-SFTP-IMPOSTOR-1'));
    await expect(transport.upload(batch)).rejects.toThrow(/host|verif/i);
    expect(fs.existsSync(spotify.local('/incoming/TH-SFTP-IMPOSTOR-1'))).toBe(false);
  });

  it('fails the upload on a wrong password (the job retries it later)', async () => {
    const transport = new SftpTransport('DEEZER', deezer.credentials('/drop', { password: 'wrong' }), {
      readyTimeoutMs: 5000,
    });
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'wrong-password')));
    const batch = await prepareBatch(release, options('TH-SFTP-WRONG-1'));
    await expect(transport.upload(batch)).rejects.toThrow(/authentication/i);
  });

  it('finds no acknowledgement for a batch the platform has not processed', async () => {
    const transport = new SftpTransport(
      'DEEZER',
      deezer.credentials('/drop', { password: 'p@ss word&more' }),
    );
    const receipt: Receipt = {
      platform: 'DEEZER',
      messageId: 'TH-NEVER-SENT',
      releaseId: '196871234566',
      location: '',
      uploadedAt: new Date().toISOString(),
      files: 0,
      bytes: 0,
      alreadyComplete: false,
    };
    expect(await transport.acknowledgement(receipt)).toBeNull();
  });
});

describe('generateEd25519KeyPair', () => {
  it('always gives a pair ssh2 reads back (its own generator sometimes does not)', () => {
    for (let i = 0; i < 1500; i += 1) {
      const pair = generateEd25519KeyPair();
      expect(ssh2.utils.parseKey(pair.public)).not.toBeInstanceOf(Error);
      expect(ssh2.utils.parseKey(pair.private)).not.toBeInstanceOf(Error);
    }
  });
});
