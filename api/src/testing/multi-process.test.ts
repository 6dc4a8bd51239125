// Two API processes (src/main.ts, each its own operating-system process) on one PostgreSQL and one S3-compatible store (s3rver), as on two machines
// (each its own data folder), behind a round-robin proxy (docs/decisions/0055-several-api-processes.md). Nothing
// they share goes through a process's memory or disk: limits, jobs, sessions and files hold whichever answers.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AlbumDetail,
  albumDetailSchema,
  albumPlatformEntriesSchema,
  endpoints,
  pathOf,
  sessionSchema,
  urlOf,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from './endpoint-inject.js';
import { type ApiProcess, startApiProcess } from './api-process.js';
import { createUser, expectShape, PASSWORD } from './fixtures.js';
import { httpApp } from './http-inject.js';
import { artworkImage, completeMetadata, randomIsrc, releaseClient, wav } from './release-fixtures.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';
import { startTestS3Server, type TestS3Server } from './s3-server.js';
import { createTestDatabase } from './test-app.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let s3: TestS3Server;
let proxy: RoundRobinProxy;
const processes: ApiProcess[] = [];
const dataDirs: string[] = [];
let platformsDir: string;

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startTestS3Server()]);
  platformsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-platforms-'));
  // What the processes of one installation share: the database, the bucket and the secrets (from the environment).
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    BOT_CHECK_HMAC_KEY: randomBytes(32).toString('base64url'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_REGION: s3.settings.region,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
    // The simulated platforms stand for the platforms' own servers: one inbox, whichever process delivers.
    DELIVERY_SIMULATOR_DIR: platformsDir,
    DELIVERY_SIMULATOR_ACK_SECONDS: '1',
    DELIVERY_ACK_CHECK_SECONDS: '1',
    DDEX_SCHEMA_DOWNLOAD: 'false',
    REVIEW_AUTO_ACCEPT: 'true',
    BOT_CHECK: 'off',
    RATE_LIMIT_FACTOR: '1',
    // The proxy forwards the client's X-Forwarded-For, so each part of this test is its own client address.
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  for (let i = 0; i < 2; i += 1)
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `tunehouse-machine-${i}-`)));
  processes.push(
    ...(await Promise.all(dataDirs.map((DATA_DIR) => startApiProcess({ ...shared, DATA_DIR })))),
  );
  proxy = await startRoundRobinProxy(processes.map((process) => process.url));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(processes.map((process) => process.stop()));
  await Promise.all([s3?.close(), database?.drop()]);
  for (const dir of [...dataDirs, platformsDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const client = (address: string) => ({ 'x-forwarded-for': address });
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** A session made on `processIndex`, with how to refresh it (the refresh token as a cookie or in the body). */
async function loginOn(processIndex: number, email: string) {
  const app = httpApp(processes[processIndex]!.url, client('192.0.2.10'));
  const response = await app.inject(
    injectOf(endpoints.sessions.login, { body: { email, password: PASSWORD } }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const cookies = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0]);
  const body = response.json() as { token: { refreshToken?: string } };
  return { session: expectShape(sessionSchema, response), cookies, refreshToken: body.token.refreshToken };
}

describe('two API processes behind a round-robin proxy', () => {
  it('a session made on one is valid on the other, and refreshed there', async () => {
    const user = await createUser(database.db);
    const made = await loginOn(0, user.email);
    const other = httpApp(processes[1]!.url, client('192.0.2.10'));
    const me = await other.inject(injectOf(endpoints.users.me, {}, { session: made.session }));
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { email: string }).email).toBe(user.email);

    const refreshed = await other.inject({
      method: 'POST',
      url: urlOf(endpoints.sessions.refresh, {}),
      headers: {
        origin: 'http://localhost:4200',
        ...(made.cookies.length ? { cookie: made.cookies.join('; ') } : {}),
      },
      payload: made.refreshToken ? { refreshToken: made.refreshToken } : {},
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const session = expectShape(sessionSchema, refreshed);
    const back = httpApp(processes[0]!.url);
    expect((await back.inject(injectOf(endpoints.users.me, {}, { session }))).statusCode).toBe(200);
  }, 30_000);

  it('a job queued through one is worked once, by one of them', async () => {
    const email = `multi-${randomBytes(4).toString('hex')}@example.test`;
    const signup = await httpApp(proxy.url, client('192.0.2.20')).inject(
      injectOf(endpoints.accounts.signup, {
        body: { email, password: 'long enough pass', firstName: 'Multi', lastName: 'Process' },
      }),
    );
    expect(signup.statusCode, signup.body).toBe(202);
    // The activation mail's delivery job: sent once, written to the mail folder of whichever process worked it.
    let sent: { id: string; attempts: number } | undefined;
    for (let tries = 0; !sent && tries < 200; tries += 1) {
      const { rows } = await database.db.query<{ id: string; attempts: number }>(
        'SELECT id, attempts FROM outbox WHERE recipient = $1 AND sent_at IS NOT NULL',
        [email],
      );
      sent = rows[0];
      if (!sent) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent, 'the activation mail was never sent').toBeDefined();
    const written = dataDirs.filter((dir) => fs.existsSync(path.join(dir, 'mail', `${sent!.id}.eml`)));
    expect(written).toHaveLength(1);
    expect(sent!.attempts).toBeLessThanOrEqual(1);
  }, 30_000);

  it('a file uploaded through one is served by the other, and delivered from the shared store', async () => {
    const user = await createUser(database.db);
    const { session } = await loginOn(0, user.email);
    const first = releaseClient(httpApp(processes[0]!.url, client('192.0.2.30')));
    const artist = await first.artist(session, 'Two Machines');
    const created = await first.createForm(session, [
      {
        name: 'metadata',
        data: JSON.stringify(
          completeMetadata(artist.id, {
            title: 'Round Robin',
            platforms: ['SPOTIFY'],
            tracks: [{ index: 1, title: 'Either Way', isrc: randomIsrc() }],
          }),
        ),
      },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const album: AlbumDetail = expectShape(albumDetailSchema, created);
    const audio = wav({ seconds: 2 });
    const track = await first.audio(session, album.id, album.tracks[0]!.id, audio);
    // Nothing of it on the first machine's disk: it is in the bucket.
    expect(fs.existsSync(path.join(dataDirs[0]!, 'media', 'audio'))).toBe(false);

    // The original, through its signed link, from the other process.
    const original = new URL(track.audio!.original.url);
    const served = await fetch(new URL(original.pathname + original.search, processes[1]!.url));
    expect(served.status).toBe(200);
    expect(md5(Buffer.from(await served.arrayBuffer()))).toBe(md5(audio));

    // The MP3 preview, made by the preview job of either process, served by the other.
    const second = releaseClient(httpApp(processes[1]!.url, client('192.0.2.30')));
    let preview: string | undefined;
    for (let tries = 0; !preview && tries < 300; tries += 1) {
      const answer = await second.get(session, pathOf(endpoints.releases.tracks.get.path, { id: track.id }));
      preview = (answer.json() as { audio?: { mp3?: { url: string } | null } }).audio?.mp3?.url;
      if (!preview) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(preview, 'no MP3 preview was made').toBeDefined();
    const mp3 = await fetch(new URL(new URL(preview!).pathname, processes[1]!.url));
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect((await mp3.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Published through the other process; delivered by whichever works the job, from the bucket.
    const published = expectShape(albumDetailSchema, await second.publish(session, album.id));
    expect(published.reviewStatus).toBe('ACCEPTED');
    // A platform carries a release ahead of its date as a pre-release (decision 0066); dated today, it is LIVE
    // once delivered.
    await database.db.query('UPDATE albums SET release_date = current_date WHERE id = $1', [album.id]);
    let live = false;
    for (let tries = 0; !live && tries < 300; tries += 1) {
      const entries = expectShape(
        albumPlatformEntriesSchema,
        await second.get(session, pathOf(endpoints.releases.albums.platforms.path, { id: album.id })),
      );
      live = entries.some((entry) => entry.id === 'SPOTIFY' && entry.current?.status === 'LIVE');
      if (!live) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(live, 'the release never went LIVE on the simulated platform').toBe(true);
    const delivered = fs
      .readdirSync(path.join(platformsDir, 'spotify'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.wav'));
    expect(delivered).toHaveLength(1);
    expect(md5(fs.readFileSync(path.join(platformsDir, 'spotify', delivered[0]!)))).toBe(md5(audio));
    const deliveredBy = processes.filter((process) => process.output().includes('"msg":"delivered"'));
    expect(deliveredBy).toHaveLength(1);
  }, 90_000);

  it('the login limit holds across both: the 21st attempt a minute is refused whichever answers', async () => {
    const app = httpApp(proxy.url, client('198.51.100.77'));
    const attempt = (i: number) =>
      app.inject(
        injectOf(endpoints.sessions.login, {
          body: { email: `nobody-${i}@example.test`, password: 'wrong password' },
        }),
      );
    const statuses: number[] = [];
    const servedBy: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await attempt(i);
      statuses.push(answer.statusCode);
      servedBy.push(String(answer.headers['x-served-by']));
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Ten each: a limit per process would let each take twenty.
    expect(servedBy.filter((index) => index === '0')).toHaveLength(10);
    for (const i of [20, 21]) {
      const refused = await attempt(i);
      expect(refused.statusCode, refused.body).toBe(429);
    }
    expect(new Set(proxy.answeredBy.slice(-2))).toEqual(new Set([0, 1]));
  }, 30_000);
});
