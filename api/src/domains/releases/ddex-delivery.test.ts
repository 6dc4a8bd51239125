import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AlbumDetail,
  albumDetailSchema,
  albumPlatformEntriesSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { bearer, createUser, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  createDeliveryService,
  type DeliveryJob,
  InvalidDeliveryError,
  releaseForDeliverySchema,
} from '../delivery/index.js';
import { toPlatformEntries } from './album-view.js';
import { createDdexDeliveryPort, reportDeliveryStatus } from './ddex-delivery.js';
import { artworkImage, completeMetadata, releaseClient, wav } from '../../testing/release-fixtures.js';

let t: TestApp;
let dataDir: string;
let owner: Session;
let album: AlbumDetail;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-ddex-port-'));
  t = await createTestApp({ dataDir, audioPreviewWorker: false, reviewAutoAccept: true });
  c = releaseClient(t.app);
  owner = await login(t.app, (await createUser(t.db)).email);
  const artist = await c.artist(owner, 'Delivered Artist');
  const response = await c.createForm(owner, [
    {
      name: 'metadata',
      data: JSON.stringify(
        completeMetadata(artist.id, {
          recordLabel: null,
          territories: ['SE', 'NO'],
          tracks: [{ index: 1, title: 'Sent', isrc: 'ZZDLV2600001', explicit: true, lyricsLanguage: 'SV' }],
        }),
      ),
    },
    { name: 'artwork', filename: 'cover.jpg', data: await artworkImage(3000, 3000, 'jpeg') },
  ]);
  album = expectShape(albumDetailSchema, response);
  await c.audio(owner, album.id, album.tracks[0]!.id, wav({ seconds: 2 }));
  // Automatic acceptance: published, accepted and handed to the (recording) port.
  expect(expectShape(albumDetailSchema, await c.publish(owner, album.id)).reviewStatus).toBe('ACCEPTED');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the DeliveryPort on the DDEX delivery service', () => {
  it('maps the album into delivery’s model, which delivery accepts, and queues it in the transaction', async () => {
    const queued: DeliveryJob[] = [];
    const delivery = createDeliveryService({
      db: t.db,
      jobs: {
        enqueue: async (_queue, data) => {
          queued.push(data);
        },
        work: async () => undefined,
      },
      transports: {},
      config: t.config,
    });
    const captured: unknown[] = [];
    const port = createDdexDeliveryPort({
      storage: dataDir,
      delivery: {
        enqueue: async (release, platforms, action, options) => {
          captured.push(release);
          return delivery.enqueue(release, platforms, action, options);
        },
        statusOf: delivery.statusOf,
      },
    });
    await withTransaction(t.db, (tx) =>
      port.deliver({ albumId: String(album.id), action: 'DELIVER', platforms: ['SPOTIFY'] }, tx),
    );
    const release = releaseForDeliverySchema.parse(captured[0]);
    expect(release).toMatchObject({
      albumId: album.id,
      upc: album.barcode,
      title: 'Northern Lights',
      label: 'Delivered Artist',
      territories: ['NO', 'SE'],
      explicit: true,
      releaseType: 'SINGLE',
      dealStartDate: album.releaseDate,
      artists: [{ name: 'Delivered Artist', role: 'PRIMARY' }],
      artwork: { format: 'JPEG', width: 3000, height: 3000 },
    });
    expect(release.tracks[0]).toMatchObject({
      isrc: 'ZZDLV2600001',
      explicit: true,
      language: 'SV',
      audio: { format: 'WAV', sampleRate: 44_100, channels: 2, bitDepth: 16 },
    });
    expect(release.tracks[0]!.durationSeconds).toBeCloseTo(2, 3);
    // The files are handed over as media-storage references, read by the delivery job wherever it runs.
    const stored = (reference: string) =>
      path.join(dataDir, ...reference.replace(/^storage:/, '').split('/'));
    expect(release.tracks[0]!.audio.path).toMatch(/^storage:media\/audio\/[0-9a-f-]{36}\/original\.wav$/);
    expect(fs.existsSync(stored(release.tracks[0]!.audio.path))).toBe(true);
    expect(fs.existsSync(stored(release.artwork.path))).toBe(true);
    expect(queued).toHaveLength(1);
    expect((await delivery.statusOf(String(album.id)))[0]).toMatchObject({
      platform: 'SPOTIFY',
      pending: { action: 'DELIVER' },
    });
    // What the releases domain hears of it while an attempt failed and delivery tries again.
    await withTransaction(t.db, (tx) =>
      tx.query(`UPDATE deliveries SET attempts = 2, reason = 'connect ECONNREFUSED' WHERE album_id = $1`, [
        String(album.id),
      ]),
    );
    expect(await port.notes!(String(album.id))).toEqual([
      { platform: 'SPOTIFY', current: null, pending: { message: 'connect ECONNREFUSED', attempts: 2 } },
    ]);
  });

  it('a release delivery refuses is 422 and nothing is queued', async () => {
    const port = createDdexDeliveryPort({
      storage: dataDir,
      delivery: {
        statusOf: async () => [],
        enqueue: async () => {
          throw new InvalidDeliveryError('The release cannot be delivered', [
            { path: ['tracks', 0, 'title'], message: 'contains a character XML cannot carry' },
          ]);
        },
      },
    });
    await expect(
      withTransaction(t.db, (tx) =>
        port.deliver({ albumId: String(album.id), action: 'UPDATE', platforms: ['SPOTIFY'] }, tx),
      ),
    ).rejects.toMatchObject({ statusCode: 422, details: [{ path: ['tracks', 0, 'title'] }] });
  });

  it('delivery’s status events move the album’s platform states and make it LIVE', async () => {
    const report = reportDeliveryStatus(t.db);
    const event = {
      albumId: String(album.id),
      platform: 'APPLE_MUSIC' as const,
      action: 'DELIVER' as const,
      messageId: 'TH1',
      reason: null,
      transport: 'sftp',
    };
    await report({ ...event, status: 'SUBMITTED', deliveryStatus: 'DELIVERED' });
    await report({ ...event, status: 'LIVE', deliveryStatus: 'LIVE' });
    const entries = expectShape(
      albumPlatformEntriesSchema,
      await t.app.inject({ url: `/v1/albums/${album.id}/platforms`, headers: bearer(owner) }),
    );
    // Taken in a month before its release date: pre-release (ACCEPTED, live on the date) until then.
    expect(entries.find((entry) => entry.id === 'APPLE_MUSIC')).toMatchObject({
      current: { status: 'ACCEPTED', action: 'DELIVER', liveOn: album.releaseDate },
      pending: null,
    });
    expect(entries.find((entry) => entry.id === 'SPOTIFY')).toMatchObject({
      pending: { status: 'PENDING', action: 'DELIVER' },
    });
    const read = expectShape(
      albumDetailSchema,
      await t.app.inject({ url: `/v1/albums/${album.id}`, headers: bearer(owner) }),
    );
    expect(read).toMatchObject({ reviewStatus: 'ACCEPTED', liveOn: album.releaseDate });
    // A real platform's acknowledgement names no store page: no link is made up for it.
    expect(read.links).toEqual([]);
  });

  it('a simulated platform shows a live release on a public page of its own, until it is taken down', async () => {
    const report = reportDeliveryStatus(t.db);
    const event = {
      albumId: String(album.id),
      platform: 'SPOTIFY' as const,
      action: 'DELIVER' as const,
      messageId: 'TH2',
      reason: null,
      transport: 'simulator',
    };
    await report({ ...event, status: 'LIVE', deliveryStatus: 'LIVE' });
    const read = expectShape(
      albumDetailSchema,
      await t.app.inject({ url: `/v1/albums/${album.id}`, headers: bearer(owner) }),
    );
    const link = read.links.find((entry) => entry.platform === 'SPOTIFY');
    expect(link?.platformId).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(link?.url).toBe(`http://localhost/v1/simulator/stores/SPOTIFY/${link?.platformId}`);
    // Anyone may open it, like a store page; it names the release and says it is simulated.
    const page = await t.app.inject({ url: new URL(link!.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('simulated Spotify');
    expect(page.body).toContain(String(read.title));
    // Before its release date the page and the statuses agree: pre-release, out on that date.
    const [year, month, day] = String(album.releaseDate).split('-');
    expect(page.body).toContain(`Pre-release — out on ${day}-${month}-${year}`);
    const spotify = async () =>
      expectShape(
        albumPlatformEntriesSchema,
        await t.app.inject({ url: `/v1/albums/${album.id}/platforms`, headers: bearer(owner) }),
      ).find((entry) => entry.id === 'SPOTIFY');
    expect((await spotify())?.current).toMatchObject({ status: 'ACCEPTED', liveOn: album.releaseDate });

    // The release date comes: LIVE everywhere, and the page is the release's own.
    await t.db.query(`UPDATE albums SET release_date = current_date - 1 WHERE id = $1`, [album.id]);
    const onTheDay = await t.app.inject({ url: new URL(link!.url).pathname });
    expect(onTheDay.body).not.toContain('Pre-release');
    expect(onTheDay.body).toContain('went live');
    expect((await spotify())?.current).toEqual({ status: 'LIVE', action: 'DELIVER' });
    const live = expectShape(
      albumDetailSchema,
      await t.app.inject({ url: `/v1/albums/${album.id}`, headers: bearer(owner) }),
    );
    expect(live.reviewStatus).toBe('LIVE');
    expect(live.liveOn).toBeUndefined();
    expect(
      (await t.app.inject({ url: '/v1/simulator/stores/SPOTIFY/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404);

    await withTransaction(t.db, (tx) =>
      tx.query(
        `UPDATE album_platforms SET pending_status = 'PENDING', pending_action = 'TAKEDOWN'
         WHERE album_id = $1 AND platform = 'SPOTIFY'`,
        [album.id],
      ),
    );
    await report({ ...event, action: 'TAKEDOWN', status: 'ACCEPTED', deliveryStatus: 'TAKEN_DOWN' });
    const after = expectShape(
      albumDetailSchema,
      await t.app.inject({ url: `/v1/albums/${album.id}`, headers: bearer(owner) }),
    );
    expect(after.links).toEqual([]);
    expect((await t.app.inject({ url: new URL(link!.url).pathname })).statusCode).toBe(404);
  });
});

describe('platform entries with what delivery says', () => {
  const states = [
    {
      platform: 'SPOTIFY' as const,
      current: { status: 'REJECTED' as const, action: 'DELIVER' as const },
      pending: { status: 'PENDING' as const, action: 'UPDATE' as const },
    },
    {
      platform: 'DEEZER' as const,
      current: { status: 'LIVE' as const, action: 'DELIVER' as const },
      pending: null,
    },
  ];
  const notes = [
    {
      platform: 'SPOTIFY' as const,
      current: { message: 'ResourceCorrupt: resources/1.flac: its MD5 is wrong', attempts: 1 },
      pending: { message: 'connect ECONNREFUSED 10.0.0.1:22', attempts: 2 },
    },
    {
      platform: 'DEEZER' as const,
      current: { message: 'timed out (attempt 1)', attempts: 2 },
      pending: null,
    },
  ];

  it('shows why a platform refused a delivery and why an attempt under way is being retried', () => {
    const entries = toPlatformEntries(['SPOTIFY', 'DEEZER', 'TIDAL'], states, notes);
    expect(entries.find((entry) => entry.id === 'SPOTIFY')).toEqual({
      id: 'SPOTIFY',
      name: 'Spotify',
      current: {
        status: 'REJECTED',
        action: 'DELIVER',
        message: 'ResourceCorrupt: resources/1.flac: its MD5 is wrong',
        attempts: 1,
      },
      pending: {
        status: 'PENDING',
        action: 'UPDATE',
        message: 'connect ECONNREFUSED 10.0.0.1:22',
        attempts: 2,
      },
    });
    // A delivery that got through after a failed attempt carries no stale error.
    expect(entries.find((entry) => entry.id === 'DEEZER')?.current).toEqual({
      status: 'LIVE',
      action: 'DELIVER',
      attempts: 2,
    });
    expect(entries.find((entry) => entry.id === 'TIDAL')).toMatchObject({ current: null, pending: null });
    expect(albumPlatformEntriesSchema.parse(entries)).toEqual(entries);
  });
});
