import {
  type AlbumDetail,
  adminReviewDetailSchema,
  albumDetailSchema,
  type Session,
  trackSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  artworkImage,
  completeMetadata,
  randomIsrc,
  releaseClient,
  wav,
} from '../../testing/release-fixtures.js';

/**
 * GET /v1/admin/reviews/{albumId}: what a reviewer reads and hears (docs/decisions/0033-releases-api.md,
 * docs/decisions/0034-release-states.md).
 */

let t: TestApp;
let owner: Session;
let stranger: Session;
let admin: Session;
let ownerEmail: string;
let c: ReturnType<typeof releaseClient>;
let submitted: AlbumDetail;

beforeAll(async () => {
  // The preview worker runs, so the reviewer's MP3 preview exists as it would in production.
  t = await createTestApp({}, undefined, { ownDataDir: 'admin-review' });
  c = releaseClient(t.app);
  const [a, b, d] = await Promise.all([
    createUser(t.db),
    createUser(t.db),
    createUser(t.db, { isAdmin: true }),
  ]);
  ownerEmail = a.email;
  [owner, stranger, admin] = await Promise.all([
    login(t.app, a.email),
    login(t.app, b.email),
    login(t.app, d.email),
  ]);
  const artist = await c.artist(owner, 'Reviewed Artist');
  const created = expectShape(
    albumDetailSchema,
    await c.createForm(owner, [
      {
        name: 'metadata',
        data: JSON.stringify(
          completeMetadata(artist.id, {
            title: 'Under Review',
            tracks: [
              { index: 1, title: 'First Light', version: 'Radio Edit', isrc: randomIsrc(), explicit: true },
              { index: 2, title: 'Second Wind', isrc: randomIsrc() },
            ],
          }),
        ),
      },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]),
  );
  for (const track of created.tracks) await c.audio(owner, created.id, track.id, wav({ seconds: 2 }));
  // The preview is made by its job after the upload; wait for it like the reviewer's player would need it.
  const first = created.tracks[0]!.id;
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const track = expectShape(trackSchema, await c.get(owner, `/v1/albums/${created.id}/tracks/${first}`));
    if (track.audio?.mp3) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  submitted = expectShape(albumDetailSchema, await c.publish(owner, created.id));
  expect(submitted.reviewStatus).toBe('SUBMITTED');
});
afterAll(() => t.close());

const read = (session: Session | null, id: string | number) =>
  t.app.inject({ url: `/v1/admin/reviews/${id}`, headers: session ? bearer(session) : {} });

describe('GET /v1/admin/reviews/{albumId}', () => {
  it('answers an admin the waiting album with its tracks, artwork and owner', async () => {
    const detail = expectShape(adminReviewDetailSchema, await read(admin, submitted.id));
    expect(detail.account).toEqual({ id: expect.anything(), email: ownerEmail });
    expect(detail.trackCount).toBe(2);
    expect(detail.submittedAt).toBeTruthy();
    expect(detail.album.title).toBe('Under Review');
    expect(detail.album.artwork?.medium?.width).toBe(500);
    expect(
      detail.album.tracks.map((track) => [track.index, track.title, track.version, track.explicit]),
    ).toEqual([
      [1, 'First Light', 'Radio Edit', true],
      [2, 'Second Wind', null, null],
    ]);
    for (const track of detail.album.tracks) {
      expect(track.isrc).toMatch(/^ZZTST26\d{5}$/);
      expect(track.audio?.original.format).toBeTruthy();
      expect(track.audio?.original.duration).toBeGreaterThan(1.9);
    }
    // The same album its owner reads, tracks and all.
    const own = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${submitted.id}`));
    expect(detail.album.tracks).toEqual(own.tracks);
  });

  it('lets the admin fetch the audio of a track under review: the MP3 preview and the original', async () => {
    const detail = expectShape(adminReviewDetailSchema, await read(admin, submitted.id));
    const audio = detail.album.tracks[0]!.audio!;
    expect(audio.mp3, 'the preview job made the MP3').toBeTruthy();
    // The player's <audio> element sends no session: the URL alone must work, as it does for the owner.
    const preview = await t.app.inject({ url: new URL(audio.mp3!.url).pathname });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(preview.rawPayload.length).toBe(audio.mp3!.size);
    const originalLink = new URL(audio.original.url);
    const original = await t.app.inject({
      url: `${originalLink.pathname}${originalLink.search}`,
      headers: bearer(admin),
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toMatch(/^audio\//);
    expect(original.rawPayload.length).toBe(audio.original.size);
  });

  it('refuses anyone but an admin: 403 for a user (the owner too), 401 without a session', async () => {
    expectError(await read(stranger, submitted.id), 403, 'ADMIN_REQUIRED');
    expectError(await read(owner, submitted.id), 403, 'ADMIN_REQUIRED');
    expectError(await read(null, submitted.id), 401, 'UNAUTHENTICATED');
    // Nor can another account reach the tracks or their audio URLs through the owner's calls.
    expectError(await c.get(stranger, `/v1/albums/${submitted.id}`), 404, 'NOT_FOUND');
    expectError(await c.get(stranger, `/v1/albums/${submitted.id}/tracks`), 404, 'NOT_FOUND');
  });

  it('is 404 for an unknown or malformed id and for an album that is not waiting for review', async () => {
    expectError(await read(admin, '5f93e21c-8fac-49fe-9bef-0693f25cf9c2'), 404, 'NOT_FOUND');
    expectError(await read(admin, 'not-an-id'), 404, 'NOT_FOUND');
    const draft = await c.album(owner, { title: 'Still a draft' });
    expectError(await read(admin, draft.id), 404, 'NOT_FOUND');
  });

  it('is 404 once the album is decided', async () => {
    const decided = await c.album(owner, { title: 'Decided' });
    await t.db.query(
      `UPDATE albums SET status = 'PUBLISHED', review_status = 'SUBMITTED', submitted_at = now() WHERE id = $1`,
      [decided.id],
    );
    expect(expectShape(adminReviewDetailSchema, await read(admin, decided.id)).album.tracks).toEqual([]);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/reviews/${decided.id}/reject`,
      headers: bearer(admin),
      payload: { reasons: ['Not yet'] },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expectError(await read(admin, decided.id), 404, 'NOT_FOUND');
  });
});
