import {
  adminReviewDecisionSchema,
  adminReviewPageSchema,
  type AlbumDetail,
  albumDetailSchema,
  albumPlatformEntriesSchema,
  albumReviewSchema,
  REVIEW_PROBLEM_CODES,
  releaseNotReadyErrorSchema,
  type ReviewProblemCode,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { reportPlatformStatus } from './delivery-reports.js';
import {
  artworkImage,
  completeMetadata,
  copyArtwork,
  daysFromToday,
  readyAlbums,
  releaseClient,
  wav,
} from '../../testing/release-fixtures.js';
import { expectedReleaseType } from './rules.js';

let t: TestApp;
let owner: Session;
let admin: Session;
let artistId: string | number;
let makeAlbum: Awaited<ReturnType<typeof readyAlbums>>;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false }, undefined, { ownDataDir: 'publish' });
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db, { isAdmin: true })]);
  [owner, admin] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
  artistId = (await c.artist(owner, 'Publishing Artist')).id;
  makeAlbum = await readyAlbums(t, owner);
});
afterAll(() => t.close());

/** An album that passes every rule: complete metadata, artwork, and audio on every track. */
async function readyAlbum(session: Session, overrides: object = {}): Promise<AlbumDetail> {
  const album = await makeAlbum(session, artistId, overrides);
  return expectShape(albumDetailSchema, await c.get(session, `/v1/albums/${album.id}`));
}

const reviewOf = async (id: string | number) =>
  expectShape(albumReviewSchema, await c.get(owner, `/v1/albums/${id}/review`));
const codesOf = async (id: string | number) => (await reviewOf(id)).problems.map((problem) => problem.code);
const admin$ = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
const requests = async (albumId: string | number) =>
  (
    await t.db.query<{ action: string; platforms: string[] }>(
      'SELECT action, platforms FROM release_delivery_requests WHERE album_id = $1 ORDER BY created_at',
      [albumId],
    )
  ).rows;

describe('the rules before delivery', () => {
  it('an empty draft lists every missing piece with its code, step and path', async () => {
    const album = await c.album(owner, { tracks: [{ index: 1, cover: true }] });
    const review = await reviewOf(album.id);
    expect(review).toMatchObject({ ready: false, status: 'DRAFT', reviewStatus: 'PENDING' });
    const byCode = Object.fromEntries(review.problems.map((problem) => [problem.code, problem]));
    expect(Object.keys(byCode).sort()).toEqual(
      [
        'TITLE_MISSING',
        'PRIMARY_GENRE_MISSING',
        'LANGUAGE_MISSING',
        'FORMAT_MISSING',
        'P_LINE_MISSING',
        'C_LINE_MISSING',
        'BARCODE_MISSING',
        'AI_FLAG_MISSING',
        'PRIMARY_ARTIST_MISSING',
        'ARTWORK_MISSING',
        'TRACK_TITLE_MISSING',
        'TRACK_AUDIO_MISSING',
        'TRACK_ISRC_MISSING',
        'TRACK_ORIGINAL_MISSING',
        'RELEASE_DATE_MISSING',
        'PLATFORMS_MISSING',
        'TERRITORIES_MISSING',
      ].sort(),
    );
    expect(byCode.TRACK_AUDIO_MISSING).toMatchObject({ step: 'tracks', path: ['tracks', 0, 'audio'] });
    expect(byCode.ARTWORK_MISSING).toMatchObject({ step: 'artwork', path: ['artwork'] });
    expect(byCode.PLATFORMS_MISSING).toMatchObject({ step: 'distribution', path: ['platforms'] });
    expect(byCode.PRIMARY_ARTIST_MISSING).toMatchObject({ step: 'artists' });
    expect(byCode.TITLE_MISSING).toMatchObject({ step: 'details', path: ['title'] });
    const empty = await c.album(owner, {});
    expect(await codesOf(empty.id)).toContain('TRACKS_MISSING');
  });

  it('publishing answers 422 with every problem and changes nothing', async () => {
    const album = await c.album(owner, completeMetadata(artistId, { title: null }));
    const response = await c.publish(owner, album.id);
    expect(response.statusCode).toBe(422);
    const { error } = expectShape(releaseNotReadyErrorSchema, response);
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.problems?.map((problem) => problem.code).sort()).toEqual([
      'ARTWORK_MISSING',
      'TITLE_MISSING',
      'TRACK_AUDIO_MISSING',
    ]);
    expect(error.details?.map((detail) => detail.path)).toContainEqual(['tracks', 0, 'audio']);
    const after = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(after).toMatchObject({ status: 'DRAFT', reviewStatus: 'PENDING', publishedAt: null });
    const unaccepted = await c.publish(owner, album.id, { termsAccepted: false });
    expect(expectError(unaccepted, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual([
      'body',
      'termsAccepted',
    ]);
  });

  it('a ready album has no problem', async () => {
    const album = await readyAlbum(owner);
    expect(await reviewOf(album.id)).toMatchObject({ ready: true, problems: [] });
  });

  const cases: [string, object, ReviewProblemCode][] = [
    ['a release date too soon', { releaseDate: daysFromToday(3) }, 'RELEASE_DATE_TOO_SOON'],
    ['no platform', { platforms: [] }, 'PLATFORMS_MISSING'],
    ['no territory', { territories: [] }, 'TERRITORIES_MISSING'],
    ['the AI question unanswered', { ai: undefined }, 'AI_FLAG_MISSING'],
    ['a featuring artist only', { artists: 'FEATURING' }, 'PRIMARY_ARTIST_MISSING'],
    [
      'a remix without its original',
      { tracks: [{ index: 1, title: 'Mix', isrc: 'ZZRMX2600001', remix: true }] },
      'TRACK_ORIGINAL_MISSING',
    ],
    [
      'an instrumental marked explicit',
      { tracks: [{ index: 1, title: 'Inst', isrc: 'ZZINS2600001', instrumental: true, explicit: true }] },
      'TRACK_INSTRUMENTAL_EXPLICIT',
    ],
    [
      'an instrumental with lyrics',
      { tracks: [{ index: 1, title: 'Inst', isrc: 'ZZINS2600002', instrumental: true, lyrics: 'la la' }] },
      'TRACK_INSTRUMENTAL_LYRICS',
    ],
    ['one short track called an album', { format: 'ALBUM' }, 'RELEASE_TYPE_MISMATCH'],
    [
      'four tracks called a single',
      { tracks: [1, 2, 3, 4].map((index) => ({ index, title: `T${index}`, isrc: `ZZFOR260000${index}` })) },
      'RELEASE_TYPE_MISMATCH',
    ],
    ['no barcode and no range to assign from', { barcode: null }, 'BARCODE_MISSING'],
    [
      'a track without ISRC and no registrant',
      { tracks: [{ index: 1, title: 'No code' }] },
      'TRACK_ISRC_MISSING',
    ],
  ];
  it.each(cases)('refuses %s', async (_name, overrides, code) => {
    const fixed = { ...overrides } as Record<string, unknown>;
    if (fixed.artists === 'FEATURING') fixed.artists = [{ id: artistId, role: 'FEATURING' }];
    if ('ai' in fixed && fixed.ai === undefined) delete fixed.ai;
    const album = await readyAlbum(owner, fixed);
    if ('ai' in overrides) await t.db.query('UPDATE albums SET ai = NULL WHERE id = $1', [album.id]);
    expect(await codesOf(album.id)).toEqual([code]);
    expect(expectError(await c.publish(owner, album.id), 422, 'UNPROCESSABLE').message).toContain(
      '1 problem',
    );
  });

  it('refuses a track made both explicit and clean by two separate changes', async () => {
    const album = await readyAlbum(owner);
    const url = `/v1/albums/${album.id}/tracks/${album.tracks[0]!.id}`;
    for (const payload of [{ explicit: true }, { clean: true }]) {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(owner), payload });
      expect(response.statusCode).toBe(200);
    }
    expect(await codesOf(album.id)).toEqual(['TRACK_EXPLICIT_AND_CLEAN']);
  });

  it('knows the release type by track count and length', () => {
    expect(expectedReleaseType([180])).toBe('SINGLE');
    expect(expectedReleaseType([180, 200, 210])).toBe('SINGLE');
    expect(expectedReleaseType([660])).toBe('EP');
    expect(expectedReleaseType([180, 180, 180, 180])).toBe('EP');
    expect(expectedReleaseType(Array(7).fill(60))).toBe('ALBUM');
    expect(expectedReleaseType([900, 900])).toBe('ALBUM');
    expect(REVIEW_PROBLEM_CODES.length).toBeGreaterThan(20);
  });
});

describe('states and content review', () => {
  it('goes DRAFT → SUBMITTED → REJECTED → EDITED → SUBMITTED → ACCEPTED (handed to delivery) → LIVE', async () => {
    const album = await readyAlbum(owner);
    const published = expectShape(
      albumDetailSchema,
      await c.publish(owner, album.id, { termsAccepted: true, paymentPlan: 'STANDARD' }),
    );
    expect(published).toMatchObject({ status: 'PUBLISHED', reviewStatus: 'SUBMITTED' });
    expect(published.publishedAt).toEqual(expect.any(String));

    // Under review: no change, no second publish, no acceptance by a non-admin.
    expect(
      expectError(await c.updateJson(owner, album.id, { title: 'x' }), 409, 'CONFLICT').message,
    ).toContain('waiting for content review');
    expectError(await c.publish(owner, album.id), 409, 'CONFLICT');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/v1/albums/${album.id}/tracks`,
        headers: bearer(owner),
        payload: { title: 'late' },
      }),
      409,
      'CONFLICT',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/v1/admin/reviews/${album.id}/accept`,
        headers: bearer(owner),
      }),
      403,
      'ADMIN_REQUIRED',
    );

    const queue = expectShape(adminReviewPageSchema, await admin$('GET', '/v1/admin/reviews'));
    const item = queue.items.find((entry) => entry.album.id === album.id);
    expect(item).toMatchObject({ trackCount: 1, account: { email: expect.stringContaining('@') } });

    const noReasons = await admin$('POST', `/v1/admin/reviews/${album.id}/reject`, { reasons: [] });
    expect(expectError(noReasons, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'reasons']);
    const rejected = expectShape(
      adminReviewDecisionSchema,
      await admin$('POST', `/v1/admin/reviews/${album.id}/reject`, { reasons: ['The artwork shows a logo'] }),
    );
    expect(rejected).toMatchObject({ reviewStatus: 'REJECTED', reviewReasons: ['The artwork shows a logo'] });
    expectError(await admin$('POST', `/v1/admin/reviews/${album.id}/accept`), 409, 'CONFLICT');
    expect(await requests(album.id)).toEqual([]);

    const edited = expectShape(
      albumDetailSchema,
      await c.updateJson(owner, album.id, { version: 'Clean artwork' }),
    );
    expect(edited).toMatchObject({
      status: 'EDITED',
      reviewStatus: 'REJECTED',
      reviewReasons: ['The artwork shows a logo'],
    });
    const resubmitted = expectShape(albumDetailSchema, await c.publish(owner, album.id));
    expect(resubmitted).toMatchObject({ status: 'PUBLISHED', reviewStatus: 'SUBMITTED', reviewReasons: [] });
    expect(resubmitted.publishedAt).toBe(published.publishedAt);

    const accepted = expectShape(
      adminReviewDecisionSchema,
      await admin$('POST', `/v1/admin/reviews/${album.id}/accept`),
    );
    expect(accepted.reviewStatus).toBe('ACCEPTED');
    expect(await requests(album.id)).toEqual([{ action: 'DELIVER', platforms: ['SPOTIFY', 'APPLE_MUSIC'] }]);
    const platforms = expectShape(
      albumPlatformEntriesSchema,
      await c.get(owner, `/v1/albums/${album.id}/platforms`),
    );
    expect(platforms).toEqual([
      {
        id: 'APPLE_MUSIC',
        name: 'Apple Music',
        current: null,
        pending: { status: 'PENDING', action: 'DELIVER' },
      },
      { id: 'SPOTIFY', name: 'Spotify', current: null, pending: { status: 'PENDING', action: 'DELIVER' } },
    ]);
    expect(
      expectShape(adminReviewPageSchema, await admin$('GET', '/v1/admin/reviews')).items.some(
        (entry) => entry.album.id === album.id,
      ),
    ).toBe(false);

    // Delivery reports back: SPOTIFY live makes the album LIVE; an illegal step is 409.
    await reportPlatformStatus(t.db, { albumId: String(album.id), platform: 'SPOTIFY', status: 'SUBMITTED' });
    await reportPlatformStatus(t.db, { albumId: String(album.id), platform: 'SPOTIFY', status: 'LIVE' });
    await expect(
      reportPlatformStatus(t.db, { albumId: String(album.id), platform: 'SPOTIFY', status: 'SUBMITTED' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await reportPlatformStatus(t.db, {
      albumId: String(album.id),
      platform: 'APPLE_MUSIC',
      status: 'ACCEPTED',
    });
    await expect(
      reportPlatformStatus(t.db, { albumId: String(album.id), platform: 'APPLE_MUSIC', status: 'SUBMITTED' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    // Its release date has come (before it, live on a platform reads as pre-release: ddex-delivery.test.ts).
    await t.db.query('UPDATE albums SET release_date = current_date WHERE id = $1', [album.id]);
    const live = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(live.reviewStatus).toBe('LIVE');
    const afterLive = expectShape(
      albumPlatformEntriesSchema,
      await c.get(owner, `/v1/albums/${album.id}/platforms`),
    );
    expect(afterLive.find((entry) => entry.id === 'SPOTIFY')).toMatchObject({
      current: { status: 'LIVE', action: 'DELIVER' },
      pending: null,
    });
    expect(afterLive.find((entry) => entry.id === 'APPLE_MUSIC')).toMatchObject({
      pending: { status: 'ACCEPTED', action: 'DELIVER' },
    });

    // The delivered artist cannot be deleted.
    const deleteArtist = await t.app.inject({
      method: 'DELETE',
      url: `/v1/artists/${artistId}`,
      headers: bearer(owner),
    });
    expectError(deleteArtist, 409, 'CONFLICT');

    // Changes to a live release: EDITED, then an UPDATE where it is and a TAKEDOWN where it no longer should be.
    const changed = expectShape(
      albumDetailSchema,
      await c.updateJson(owner, album.id, { platforms: ['SPOTIFY', 'DEEZER'] }),
    );
    expect(changed).toMatchObject({ status: 'EDITED', reviewStatus: 'LIVE' });
    expectError(await admin$('POST', `/v1/admin/reviews/${album.id}/accept`), 409, 'CONFLICT');
    await c.publish(owner, album.id);
    await admin$('POST', `/v1/admin/reviews/${album.id}/accept`);
    expect((await requests(album.id)).slice(1)).toEqual([
      { action: 'UPDATE', platforms: ['SPOTIFY'] },
      { action: 'DELIVER', platforms: ['DEEZER'] },
      { action: 'TAKEDOWN', platforms: ['APPLE_MUSIC'] },
    ]);

    // Takedown: every platform that has (or is getting) the release; Apple Music's takedown is already under way.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/albums/${album.id}`,
      headers: bearer(owner),
    });
    expect(del.statusCode).toBe(204);
    const last = (await requests(album.id)).at(-1);
    expect(last?.action).toBe('TAKEDOWN');
    expect([...(last?.platforms ?? [])].sort()).toEqual(['DEEZER', 'SPOTIFY']);
    expectError(await c.publish(owner, album.id), 409, 'CONFLICT');
  });

  it('an admin decision on a missing album is 404, on a draft 409', async () => {
    expectError(
      await admin$('POST', '/v1/admin/reviews/5f93e21c-8fac-49fe-9bef-0693f25cf9c2/accept'),
      404,
      'NOT_FOUND',
    );
    const draft = await c.album(owner, { title: 'Not submitted' });
    expectError(
      await admin$('POST', `/v1/admin/reviews/${draft.id}/reject`, { reasons: ['no'] }),
      409,
      'CONFLICT',
    );
  });
});

describe('automatic acceptance and assigned identifiers', () => {
  let auto: TestApp;
  let autoOwner: Session;
  beforeAll(async () => {
    auto = await createTestApp({
      dataDir: t.config.dataDir,
      audioPreviewWorker: false,
      reviewAutoAccept: true,
      barcodeRange: { from: 200_000_000_000, to: 200_000_000_001 },
      isrcRegistrant: 'QZABC',
    });
    autoOwner = await login(auto.app, (await createUser(auto.db)).email);
  });
  afterAll(() => auto.close());

  it('assigns a barcode and ISRCs from the configured ranges and accepts at once', async () => {
    const client = releaseClient(auto.app);
    const artist = await client.artist(autoOwner);
    const metadata = completeMetadata(artist.id, {
      barcode: null,
      tracks: [
        { index: 1, title: 'Coded' },
        { index: 2, title: 'Kept', isrc: 'ZZKPT2600001' },
      ],
    });
    const created = await client.createForm(autoOwner, [
      { name: 'metadata', data: JSON.stringify(metadata) },
      { name: 'artwork', filename: 'cover.png', data: await artworkImage(3000, 3000) },
    ]);
    const album = expectShape(albumDetailSchema, created);
    for (const track of album.tracks) await client.audio(autoOwner, album.id, track.id, wav({ seconds: 1 }));
    expect((await client.get(autoOwner, `/v1/albums/${album.id}/review`)).json().problems).toEqual([]);
    const published = expectShape(albumDetailSchema, await client.publish(autoOwner, album.id));
    expect(published).toMatchObject({
      status: 'PUBLISHED',
      reviewStatus: 'ACCEPTED',
      barcode: '2000000000008',
    });
    expect(published.autofill).toEqual(['BARCODE']);
    const year = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
    expect(published.tracks.map((track) => [track.isrc, track.autofill])).toEqual([
      [`QZABC${year}00001`, ['ISRC']],
      ['ZZKPT2600001', []],
    ]);
    const handed = await auto.db.query('SELECT action FROM release_delivery_requests WHERE album_id = $1', [
      album.id,
    ]);
    expect(handed.rows).toEqual([{ action: 'DELIVER' }]);
  });

  it('says when the barcode range is used up (409 at barcode)', async () => {
    const client = releaseClient(auto.app);
    const artist = await client.artist(autoOwner, 'Range');
    await auto.db.query("UPDATE identifier_sequences SET last_value = 200000000001 WHERE kind = 'BARCODE'");
    const album = await client.album(autoOwner, completeMetadata(artist.id, { barcode: null }));
    await copyArtwork(
      auto.db,
      (await auto.db.query<{ id: string }>('SELECT id FROM albums WHERE artwork_id IS NOT NULL LIMIT 1'))
        .rows[0]!.id,
      album.id,
    );
    await client.audio(autoOwner, album.id, album.tracks[0]!.id, wav({ seconds: 1 }));
    const response = await client.publish(autoOwner, album.id);
    expect(expectError(response, 409, 'CONFLICT').details?.[0]?.path).toEqual(['barcode']);
  });
});
