// A release from draft to LIVE on two platforms and taken down again, through the API as main.ts wires it: the
// DDEX delivery service behind the releases DeliveryPort, its jobs worked on the platform's pg-boss, the built-in
// platform simulators acknowledging after a short delay (docs/decisions/0033-releases-api.md, 0035-ddex-delivery.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AlbumDetail,
  albumDetailSchema,
  type AlbumPlatformEntry,
  albumPlatformEntriesSchema,
  type Platform,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app.js';
import { isContributorOnDeliveredRelease } from '../contributors/index.js';
import {
  artworkImage,
  completeMetadata,
  randomIsrc,
  releaseClient,
  wav,
} from '../../testing/release-fixtures.js';

const PLATFORMS: Platform[] = ['SPOTIFY', 'DEEZER'];

let t: TestApp;
let dataDir: string;
let owner: Session;
let album: AlbumDetail;
let contributorId: string;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-delivery-wiring-'));
  t = await createTestApp(
    {
      dataDir,
      reviewAutoAccept: true,
      // The simulators acknowledge a complete batch after 1 s; delivery looks for it 1 s after upload.
      delivery: { ...testConfig().delivery, simulatorAckSeconds: 1, ackCheckSeconds: 1 },
    },
    undefined,
    { delivery: 'ddex' },
  );
  c = releaseClient(t.app);
  owner = await login(t.app, (await createUser(t.db)).email);
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const platformsOf = async (): Promise<AlbumPlatformEntry[]> =>
  expectShape(
    albumPlatformEntriesSchema,
    await t.app.inject({ url: `/v1/albums/${album.id}/platforms`, headers: bearer(owner) }),
  );
const deleteContributor = () =>
  t.app.inject({ method: 'DELETE', url: `/v1/contributors/${contributorId}`, headers: bearer(owner) });

/**
 * Polls the album's platforms until `done`, answering per platform every state seen in order (as
 * `status/action`, pending before current), so a passing state between two polls is seen too.
 */
async function followPlatforms(done: (entries: AlbumPlatformEntry[]) => boolean, timeoutMs = 25_000) {
  const seen = new Map<string, string[]>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = await platformsOf();
    for (const entry of entries) {
      const state = entry.pending ?? entry.current;
      const label = state ? `${state.status}/${state.action}` : 'none';
      const list = seen.get(entry.id) ?? [];
      if (list.at(-1) !== label) list.push(label);
      seen.set(entry.id, list);
    }
    if (done(entries)) return { entries, seen: Object.fromEntries(seen) };
    if (Date.now() > deadline)
      throw new Error(`platforms did not settle: ${JSON.stringify(Object.fromEntries(seen))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a release delivered through the wired DDEX delivery', () => {
  it('goes from draft to SUBMITTED and LIVE on each chosen platform, with its batch on disk', async () => {
    const artist = await c.artist(owner, 'Wired Artist');
    const created = await c.createForm(owner, [
      {
        name: 'metadata',
        data: JSON.stringify(
          completeMetadata(artist.id, {
            title: 'Live Wire',
            platforms: PLATFORMS,
            tracks: [
              {
                index: 1,
                title: 'Copper',
                isrc: randomIsrc(),
                contributors: [{ name: 'Wire Writer', role: 'MUSIC_LYRICS' }],
              },
            ],
          }),
        ),
      },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    album = expectShape(albumDetailSchema, created);
    const track = album.tracks[0]!;
    contributorId = String(track.contributors[0]!.id);
    await c.audio(owner, album.id, track.id, wav({ seconds: 2 }));
    expect(await isContributorOnDeliveredRelease(t.db, contributorId)).toBe(false);

    // REVIEW_AUTO_ACCEPT: published and accepted at once, handed to delivery in the same transaction.
    const published = expectShape(albumDetailSchema, await c.publish(owner, album.id));
    expect(published.reviewStatus).toBe('ACCEPTED');
    const queued = await t.db.query<{ platform: string; action: string; status: string }>(
      'SELECT platform, action, status FROM deliveries WHERE album_id = $1 ORDER BY platform',
      [album.id],
    );
    expect(queued.rows).toEqual([
      { platform: 'DEEZER', action: 'DELIVER', status: 'PENDING' },
      { platform: 'SPOTIFY', action: 'DELIVER', status: 'PENDING' },
    ]);
    // Not the recording port.
    const recorded = await t.db.query('SELECT 1 FROM release_delivery_requests WHERE album_id = $1', [
      album.id,
    ]);
    expect(recorded.rowCount).toBe(0);
    // A contributor on a release being delivered cannot be deleted.
    expect(await isContributorOnDeliveredRelease(t.db, contributorId)).toBe(true);
    expect((await deleteContributor()).statusCode).toBe(409);

    // The release date comes as it goes out, so that the platforms' LIVE reads as LIVE, not as pre-release
    // (decision 0066; what the ERN message says was fixed when it was queued).
    await t.db.query('UPDATE albums SET release_date = current_date WHERE id = $1', [album.id]);
    await t.delivery!.work();
    const { entries, seen } = await followPlatforms((list) =>
      PLATFORMS.every((platform) => {
        const entry = list.find((item) => item.id === platform);
        return entry?.pending === null && entry.current?.status === 'LIVE';
      }),
    );
    for (const platform of PLATFORMS) {
      expect(entries.find((entry) => entry.id === platform)).toMatchObject({
        current: { status: 'LIVE', action: 'DELIVER' },
        pending: null,
      });
      // Delivered (the transport's receipt: SUBMITTED) before the platform acknowledged it (LIVE).
      const states = seen[platform]!;
      expect(states.indexOf('SUBMITTED/DELIVER')).toBeGreaterThanOrEqual(0);
      expect(states.indexOf('SUBMITTED/DELIVER')).toBeLessThan(states.indexOf('LIVE/DELIVER'));
    }
    const read = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(read.reviewStatus).toBe('LIVE');

    // The batch each simulator received: resources, the ERN message, BatchComplete, and its acknowledgement.
    const upc = read.barcode!;
    for (const { platform, current } of await t.delivery!.statusOf(String(album.id))) {
      expect(current).toMatchObject({ status: 'LIVE', action: 'DELIVER', attempts: 1 });
      const batch = path.join(dataDir, 'deliveries', platform.toLowerCase(), current!.messageId);
      const message = fs.readFileSync(path.join(batch, upc, `${upc}.xml`), 'utf8');
      expect(message).toContain('NewReleaseMessage');
      expect(message).toContain(`<ICPN>${upc}</ICPN>`);
      expect(message).toContain('Live Wire');
      expect(fs.existsSync(path.join(batch, `BatchComplete_${current!.messageId}.xml`))).toBe(true);
      expect(fs.readdirSync(path.join(batch, upc, 'resources')).sort()).toEqual([
        `${upc}.png`,
        `${upc}_01_001.wav`,
      ]);
      expect(fs.readFileSync(path.join(batch, upc, `ACK_${upc}.xml`), 'utf8')).toContain('FileOK');
    }
    expect(await isContributorOnDeliveredRelease(t.db, contributorId)).toBe(true);
  }, 40_000);

  it('a takedown reaches every platform: TAKEN_DOWN, and the contributor may go', async () => {
    const takedown = await t.app.inject({
      method: 'DELETE',
      url: `/v1/albums/${album.id}?expected_amount_due=0`,
      headers: bearer(owner),
    });
    expect(takedown.statusCode, takedown.body).toBe(204);
    const { entries, seen } = await followPlatforms((list) =>
      PLATFORMS.every((platform) => {
        const entry = list.find((item) => item.id === platform);
        return entry?.pending === null && entry.current?.action === 'TAKEDOWN';
      }),
    );
    for (const platform of PLATFORMS) {
      // A takedown the platform accepted is ACCEPTED on the album (0034), TAKEN_DOWN in delivery (0035).
      expect(entries.find((entry) => entry.id === platform)).toMatchObject({
        current: { status: 'ACCEPTED', action: 'TAKEDOWN' },
        pending: null,
      });
      const states = seen[platform]!;
      expect(states.indexOf('SUBMITTED/TAKEDOWN')).toBeGreaterThan(states.indexOf('PENDING/TAKEDOWN'));
      expect(states.indexOf('PENDING/TAKEDOWN')).toBeGreaterThanOrEqual(0);
    }
    const upc = album.barcode!;
    for (const { platform, current } of await t.delivery!.statusOf(String(album.id))) {
      expect(current).toMatchObject({ status: 'TAKEN_DOWN', action: 'TAKEDOWN' });
      const batch = path.join(dataDir, 'deliveries', platform.toLowerCase(), current!.messageId);
      // A takedown names the files but does not send them again.
      expect(fs.readFileSync(path.join(batch, upc, `${upc}.xml`), 'utf8')).toContain('<EndDate>');
      expect(fs.existsSync(path.join(batch, upc, 'resources'))).toBe(false);
    }
    expect(await isContributorOnDeliveredRelease(t.db, contributorId)).toBe(false);
    expect((await deleteContributor()).statusCode).toBe(204);
  }, 40_000);
});
