import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { albumPlatformEntriesSchema, PLATFORMS, type Platform } from '@tunehouse/contracts';
import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../../platform/config.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { releaseForDeliverySchema } from './model.js';
import {
  DELIVERY_QUEUE,
  type DeliveryJob,
  type DeliveryJobs,
  type DeliveryStatusEvent,
} from './delivery-deps.js';
import { InvalidDeliveryError } from './enqueue.js';
import { albumPlatformEntries } from './platform-status.js';
import { createDeliveryService } from './service.js';
import { PlatformSimulatorSftpServer } from './sftp-simulator.js';
import { SftpTransport } from './sftp-transport.js';
import { PlatformSimulator } from './simulator.js';
import { ernEnvelopeSource } from './schema/test-schemas.js';
import { albumRelease, singleRelease } from './test-fixtures.js';
import type { Acknowledgement, DeliveryBatch, PlatformTransport, Receipt } from './transport.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-delivery-service-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let boss: PgBoss;
let jobs: DeliveryJobs;

/**
 * The delivery queue on pg-boss as platform/jobs.ts makes queues, but with a 1 s first retry (doubling) so a
 * retry is seen in a test.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  boss = new PgBoss({
    connectionString: database.url,
    migrate: false,
    supervise: false,
    schedule: false,
    max: 3,
  });
  boss.on('error', () => undefined);
  await boss.start();
  // The template database has the queue already (platform/jobs.ts lists it, with a 30 s first retry): set its
  // policy (createQueue would leave an existing queue as it is).
  const policy = { name: DELIVERY_QUEUE, retryLimit: 4, retryDelay: 1, retryBackoff: true };
  await boss.createQueue(DELIVERY_QUEUE, policy);
  await boss.updateQueue(DELIVERY_QUEUE, policy);
  jobs = {
    async enqueue(queue, data, tx, { startAfterSeconds } = {}) {
      const id = await boss.send(queue, data, {
        ...(tx ? { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
      if (!id) throw new Error(`Job for queue ${queue} was not created`);
    },
    async work(queue, handler) {
      await boss.work<DeliveryJob>(queue, { pollingIntervalSeconds: 0.5 }, async (batch) => {
        for (const job of batch) await handler(job.data);
      });
    },
  };
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true, timeout: 5000 });
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await boss.offWork(DELIVERY_QUEUE);
  await db.query('DELETE FROM deliveries');
  await db.query('DELETE FROM pgboss.job WHERE name = $1', [DELIVERY_QUEUE]);
});

const settings = (overrides: Partial<AppConfig['delivery']> = {}): Pick<AppConfig, 'delivery'> => ({
  delivery: {
    ...loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), BOT_CHECK_HMAC_KEY: 'y'.repeat(32) }).delivery,
    ackCheckSeconds: 1,
    maxAttempts: 3,
    ...overrides,
  },
});

const simulator = (platform: Platform) =>
  new PlatformSimulator(platform, {
    root: path.join(dir, 'deliveries', platform.toLowerCase()),
    schema: ernEnvelopeSource,
    ackDelaySeconds: 0,
  });

async function queuedJobs(): Promise<DeliveryJob[]> {
  const { rows } = await db.query<{ data: DeliveryJob }>(
    `SELECT data FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on`,
    [DELIVERY_QUEUE],
  );
  return rows.map((row) => row.data);
}

async function row(messageId: string) {
  const { rows } = await db.query<{
    status: string;
    attempts: number;
    reason: string | null;
    receipt: Receipt | null;
  }>('SELECT status, attempts, reason, receipt FROM deliveries WHERE message_id = $1', [messageId]);
  return rows[0];
}

async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A transport that loses its connection halfway through the first upload, then works (a crash mid-upload). */
class CutOffOnce implements PlatformTransport {
  readonly kind = 'flaky';
  /** Each attempt as it began: the delivery's row, and whether the platform had a complete batch. */
  readonly seen: object[] = [];
  constructor(
    readonly platform: Platform,
    private readonly inner: PlatformSimulator,
    private readonly root: string,
  ) {}
  async upload(batch: DeliveryBatch): Promise<Receipt> {
    const marker = path.join(this.root, batch.messageId, batch.marker.path);
    this.seen.push({
      messageId: batch.messageId,
      ...(await row(batch.messageId)),
      complete: fs.existsSync(marker),
    });
    if (this.seen.length === 1) {
      const first = batch.resources[0]!;
      const target = path.join(this.root, batch.messageId, first.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(first.source, target);
      throw new Error(`Connection reset while uploading ${batch.resources[1]!.path}`);
    }
    return this.inner.upload(batch);
  }
  acknowledgement(receipt: Receipt) {
    return this.inner.acknowledgement(receipt);
  }
}

describe('createDeliveryService', () => {
  it('queues one delivery and one job per platform, and asking again changes nothing', async () => {
    const service = createDeliveryService({ db, jobs, transports: {}, config: settings() });
    const release = albumRelease(path.join(dir, 'enqueue'));
    const first = await service.enqueue(release, ['SPOTIFY', 'DEEZER', 'SPOTIFY'], 'DELIVER');
    expect(first.map((delivery) => [delivery.platform, delivery.status, delivery.action])).toEqual([
      ['SPOTIFY', 'PENDING', 'DELIVER'],
      ['DEEZER', 'PENDING', 'DELIVER'],
    ]);
    expect(first[0]!.messageId).toMatch(/^TH\d{17}[0-9A-F]{5}$/);
    expect(await queuedJobs()).toEqual(
      first.map((delivery) => ({ deliveryId: delivery.id, step: 'upload' })),
    );

    const again = await service.enqueue(release, ['DEEZER', 'SPOTIFY'], 'DELIVER');
    expect(again.map((delivery) => delivery.messageId).sort()).toEqual(
      first.map((delivery) => delivery.messageId).sort(),
    );
    expect(await queuedJobs()).toHaveLength(2);

    const status = await service.statusOf(release.albumId);
    expect(status.map((entry) => [entry.platform, entry.pending?.status, entry.current])).toEqual([
      ['DEEZER', 'PENDING', null],
      ['SPOTIFY', 'PENDING', null],
    ]);
    const entries = albumPlatformEntriesSchema.parse(albumPlatformEntries(status));
    expect(entries[0]).toEqual({
      id: 'DEEZER',
      name: 'Deezer',
      current: null,
      pending: { status: 'PENDING', action: 'DELIVER' },
    });
    expect(await service.statusOf('no-such-album')).toEqual([]);
  });

  it('writes nothing when the transaction it was queued in rolls back', async () => {
    const service = createDeliveryService({ db, jobs, transports: {}, config: settings() });
    const release = singleRelease(path.join(dir, 'rollback'));
    await expect(
      withTransaction(db, async (tx) => {
        await service.enqueue(release, ['TIDAL'], 'DELIVER', { tx });
        throw new Error('the publish failed');
      }),
    ).rejects.toThrow('the publish failed');
    expect(await service.statusOf(release.albumId)).toEqual([]);
    expect(await queuedJobs()).toEqual([]);
  });

  it('refuses an invalid release, an unknown platform or action', async () => {
    const service = createDeliveryService({ db, jobs, transports: {}, config: settings() });
    const release = singleRelease(path.join(dir, 'invalid'));
    await expect(service.enqueue({ ...release, upc: '123' }, ['TIDAL'], 'DELIVER')).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['upc'] })],
    });
    await expect(service.enqueue(release, ['TIDAL', 'MYSPACE'], 'DELIVER')).rejects.toThrow(
      'Unknown platforms: MYSPACE',
    );
    await expect(service.enqueue(release, ['TIDAL'], 'REMOVE' as 'DELIVER')).rejects.toThrow(
      InvalidDeliveryError,
    );
  });

  it('delivers through the worker, retrying a cut-off upload with the same message id, over SFTP and the simulator', async () => {
    const spotifyRoot = path.join(dir, 'deliveries', 'spotify');
    const spotify = new CutOffOnce('SPOTIFY', simulator('SPOTIFY'), spotifyRoot);
    const deezerServer = await PlatformSimulatorSftpServer.start({
      platform: 'DEEZER',
      root: path.join(dir, 'deezer-sftp'),
      schema: ernEnvelopeSource,
      ackDelaySeconds: 0,
      username: 'tunehouse',
      password: 'secret',
    });
    try {
      const deezer = new SftpTransport('DEEZER', deezerServer.credentials('/in', { password: 'secret' }));
      const service = createDeliveryService({
        db,
        jobs,
        transports: { SPOTIFY: spotify, DEEZER: deezer },
        config: settings(),
      });
      const release = albumRelease(path.join(dir, 'worker'));
      const [toSpotify, toDeezer] = await service.enqueue(release, ['SPOTIFY', 'DEEZER'], 'DELIVER');
      await service.work();

      await eventually(async () => {
        const status = await service.statusOf(release.albumId);
        return status.length === 2 && status.every((entry) => entry.current?.status === 'LIVE') && status;
      }, 'both platforms LIVE');

      // Two attempts, one message id. The cut-off one left no receipt and no BatchComplete file (the platform
      // never saw a complete batch), and its error was on the row when the retry began.
      expect(spotify.seen).toEqual([
        {
          messageId: toSpotify!.messageId,
          status: 'DELIVERING',
          attempts: 1,
          reason: null,
          receipt: null,
          complete: false,
        },
        {
          messageId: toSpotify!.messageId,
          status: 'DELIVERING',
          attempts: 2,
          reason: expect.stringMatching(/^Connection reset while uploading .*_01_002\.flac$/),
          receipt: null,
          complete: false,
        },
      ]);
      const status = await service.statusOf(release.albumId);
      const spotifyEntry = status.find((entry) => entry.platform === 'SPOTIFY')!;
      expect(spotifyEntry.pending).toBeNull();
      const spotifyDelivery = spotifyEntry.current!;
      expect(spotifyDelivery).toMatchObject({
        status: 'LIVE',
        attempts: 2,
        reason: null,
        messageId: toSpotify!.messageId,
      });
      expect(spotifyDelivery.acknowledgement).toMatchObject({ status: 'FileOK', accepted: true });
      const deezerDelivery = status.find((entry) => entry.platform === 'DEEZER')!.current!;
      expect(deezerDelivery).toMatchObject({ attempts: 1, messageId: toDeezer!.messageId });
      expect(deezerDelivery.receipt?.location).toBe(
        `sftp://127.0.0.1:${deezerServer.port}/in/${toDeezer!.messageId}`,
      );
      expect(albumPlatformEntries(status).map((entry) => entry.current)).toEqual([
        { status: 'LIVE', action: 'DELIVER' },
        { status: 'LIVE', action: 'DELIVER' },
      ]);
    } finally {
      await deezerServer.close();
    }
  });

  it('fails a delivery after its last attempt, and at once when no retry can help', async () => {
    let uploads = 0;
    const events: DeliveryStatusEvent[] = [];
    const warnings: string[] = [];
    const broken: PlatformTransport = {
      platform: 'TIDAL',
      kind: 'broken',
      upload: async () => {
        uploads += 1;
        throw new Error('No route to host');
      },
      acknowledgement: async () => null,
    };
    const service = createDeliveryService({
      db,
      jobs,
      transports: { TIDAL: broken },
      config: settings({ maxAttempts: 2 }),
      logger: { info: () => undefined, warn: (_, message) => warnings.push(message) },
      // A listener that fails does not undo or repeat the delivery's step: it is logged.
      onStatus: async (event) => {
        events.push(event);
        throw new Error('releases said 409');
      },
    });
    const release = singleRelease(path.join(dir, 'failing'));
    const [delivery] = await service.enqueue(release, ['TIDAL', 'QOBUZ'], 'DELIVER');
    const job = { deliveryId: delivery!.id, step: 'upload' } as const;
    await expect(service.process(job)).rejects.toThrow('No route to host'); // pg-boss will retry it
    expect(await row(delivery!.messageId)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      reason: 'No route to host',
    });
    await service.process(job); // the last attempt: no throw, FAILED
    expect(await row(delivery!.messageId)).toMatchObject({
      status: 'FAILED',
      attempts: 2,
      reason: 'No route to host',
    });
    await service.process(job); // a stray repeat does nothing
    expect(uploads).toBe(2);
    expect(events).toEqual([
      expect.objectContaining({
        platform: 'TIDAL',
        status: 'REJECTED',
        deliveryStatus: 'FAILED',
        reason: 'No route to host',
      }),
    ]);
    expect(warnings).toContain('delivery status not reported');

    // QOBUZ has no transport here: no retry can mend that.
    const qobuz = (await service.statusOf(release.albumId)).find(
      (entry) => entry.platform === 'QOBUZ',
    )!.pending!;
    await service.process({ deliveryId: qobuz.id, step: 'upload' });
    expect(await row(qobuz.messageId)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      reason: 'No transport is configured for QOBUZ',
    });

    // A file changed after the release was handed over: FAILED at the first attempt, nothing uploaded.
    const changed = albumRelease(path.join(dir, 'changed'), { albumId: 'album-changed' });
    const [stale] = await service.enqueue(changed, ['TIDAL'], 'DELIVER');
    fs.appendFileSync(releaseForDeliverySchema.parse(changed).tracks[1]!.audio.path, 'x');
    await service.process({ deliveryId: stale!.id, step: 'upload' });
    expect(await row(stale!.messageId)).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect((await row(stale!.messageId))?.reason).toMatch(/audio of track 2 \(QZABC2400002\) changed/);
    expect(uploads).toBe(2);
  });

  it('records a platform rejection with its reason, and a takedown the platform accepted', async () => {
    const rejecting: PlatformTransport = {
      platform: 'APPLE_MUSIC',
      kind: 'stub',
      upload: (batch) => simulator('APPLE_MUSIC').upload(batch),
      acknowledgement: async (receipt): Promise<Acknowledgement> => ({
        messageId: receipt.messageId,
        status: 'ResourceNotMeetingSpecifications',
        accepted: false,
        errorText: 'Artwork must be at least 3000 x 3000 pixels',
        createdAt: new Date().toISOString(),
      }),
    };
    const events: DeliveryStatusEvent[] = [];
    const service = createDeliveryService({
      db,
      jobs,
      transports: { APPLE_MUSIC: rejecting, TIDAL: simulator('TIDAL') },
      config: settings(),
      onStatus: async (event) => {
        events.push(event);
      },
    });
    const release = singleRelease(path.join(dir, 'answers'));
    const [apple, tidal] = await service.enqueue(release, ['APPLE_MUSIC', 'TIDAL'], 'DELIVER');
    for (const delivery of [apple!, tidal!]) {
      await service.process({ deliveryId: delivery.id, step: 'upload' });
      expect(await row(delivery.messageId)).toMatchObject({ status: 'DELIVERED' });
      await service.process({ deliveryId: delivery.id, step: 'acknowledge' });
    }
    expect(await row(apple!.messageId)).toMatchObject({
      status: 'REJECTED',
      reason: 'Artwork must be at least 3000 x 3000 pixels',
    });
    expect(await row(tidal!.messageId)).toMatchObject({ status: 'LIVE' });
    // Each delivered upload queued its acknowledgement check.
    expect((await queuedJobs()).filter((job) => job.step === 'acknowledge')).toHaveLength(2);

    const [takedown] = await service.enqueue(release, ['TIDAL'], 'TAKEDOWN');
    await service.process({ deliveryId: takedown!.id, step: 'upload' });
    await service.process({ deliveryId: takedown!.id, step: 'acknowledge' });
    const tidalNow = (await service.statusOf(release.albumId)).find((entry) => entry.platform === 'TIDAL')!;
    expect(tidalNow.current).toMatchObject({ action: 'TAKEDOWN', status: 'TAKEN_DOWN' });
    expect(albumPlatformEntries([tidalNow])[0]).toMatchObject({
      current: { status: 'ACCEPTED', action: 'TAKEDOWN' },
      pending: null,
    });

    // What releases' reportPlatformStatus would have been told, in order.
    expect(events.map((event) => [event.platform, event.action, event.status, event.reason])).toEqual([
      ['APPLE_MUSIC', 'DELIVER', 'SUBMITTED', null],
      ['APPLE_MUSIC', 'DELIVER', 'REJECTED', 'Artwork must be at least 3000 x 3000 pixels'],
      ['TIDAL', 'DELIVER', 'SUBMITTED', null],
      ['TIDAL', 'DELIVER', 'LIVE', null],
      ['TIDAL', 'TAKEDOWN', 'SUBMITTED', null],
      ['TIDAL', 'TAKEDOWN', 'ACCEPTED', null],
    ]);
  });

  it('keeps one platform’s messages in order: a later delivery waits for an earlier one still under way', async () => {
    let uploads = 0;
    const counting: PlatformTransport = {
      platform: 'YANDEX',
      kind: 'stub',
      upload: async (batch) => {
        uploads += 1;
        return simulator('YANDEX').upload(batch);
      },
      acknowledgement: async () => null,
    };
    const service = createDeliveryService({ db, jobs, transports: { YANDEX: counting }, config: settings() });
    const release = singleRelease(path.join(dir, 'order'));
    const [deliver] = await service.enqueue(release, ['YANDEX'], 'DELIVER');
    const [takedown] = await service.enqueue(release, ['YANDEX'], 'TAKEDOWN');
    await db.query('DELETE FROM pgboss.job WHERE name = $1', [DELIVERY_QUEUE]);
    await service.process({ deliveryId: takedown!.id, step: 'upload' });
    expect(uploads).toBe(0);
    expect(await row(takedown!.messageId)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await queuedJobs()).toEqual([{ deliveryId: takedown!.id, step: 'upload' }]);
    await service.process({ deliveryId: deliver!.id, step: 'upload' });
    await service.process({ deliveryId: takedown!.id, step: 'upload' });
    expect(uploads).toBe(2);
    expect(await row(takedown!.messageId)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('keeps looking for an acknowledgement, less and less often', async () => {
    const silent: PlatformTransport = {
      platform: 'PANDORA',
      kind: 'stub',
      upload: (batch) =>
        simulator('PANDORA')
          .upload(batch)
          .then((receipt) => ({ ...receipt, checkAfterSeconds: undefined })),
      acknowledgement: async () => null,
    };
    const service = createDeliveryService({
      db,
      jobs,
      transports: { PANDORA: silent },
      config: settings({ ackCheckSeconds: 60 }),
    });
    const [delivery] = await service.enqueue(singleRelease(path.join(dir, 'silent')), ['PANDORA'], 'UPDATE');
    await service.process({ deliveryId: delivery!.id, step: 'upload' });
    await service.process({ deliveryId: delivery!.id, step: 'acknowledge' });
    await service.process({ deliveryId: delivery!.id, step: 'acknowledge' });
    const { rows } = await db.query<{ seconds: number }>(
      `SELECT round(extract(epoch FROM start_after - created_on))::int AS seconds FROM pgboss.job
        WHERE name = $1 AND data->>'step' = 'acknowledge' ORDER BY created_on`,
      [DELIVERY_QUEUE],
    );
    expect(rows.map((job) => job.seconds)).toEqual([60, 60, 120]);
    expect(await row(delivery!.messageId)).toMatchObject({ status: 'DELIVERED' });
  });

  it('serves all 23 platforms from the default settings with simulators', async () => {
    const { createPlatformTransports } = await import('./transports.js');
    const transports = createPlatformTransports({ dataDir: dir, ...settings() });
    expect(Object.keys(transports)).toEqual([...PLATFORMS]);
    expect(new Set(Object.values(transports).map((transport) => transport.kind))).toEqual(
      new Set(['simulator']),
    );
  });
});
