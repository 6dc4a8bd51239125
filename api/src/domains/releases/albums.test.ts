import {
  type AlbumDetail,
  albumDetailSchema,
  albumPageSchema,
  albumPlatformEntriesSchema,
  artistDetailSchema,
  creditedArtistsSchema,
  type Session,
  sessionSchema,
  TERRITORIES,
  trackListSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { randomBarcode, randomIsrc, releaseClient } from '../../testing/release-fixtures.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(() => t.close());

const pathsOf = (error: { details?: { path: (string | number)[] }[] | undefined }) =>
  (error.details ?? []).map((detail) => detail.path);
const page = async (session: Session, query = '') =>
  expectShape(albumPageSchema, await c.get(session, `/v2/albums${query}`));

describe('creating and changing albums', () => {
  it('creates a draft from JSON and answers the detailed album (201)', async () => {
    const artist = await c.artist(owner, 'Draft Artist');
    const album = await c.album(owner, {
      title: '  First Light ',
      primaryGenre: 'ELECTRONIC',
      barcode: '4006-3813-3393-1',
      territories: ['SE', 'NO'],
      platforms: ['SPOTIFY'],
      artists: [{ id: artist.id, role: 'PRIMARY' }],
      tracks: [
        { index: 2, title: 'Second', isrc: 'gb-xyz-26-00001' },
        { index: 1, title: 'First' },
      ],
    });
    expect(album).toMatchObject({
      title: 'First Light',
      status: 'DRAFT',
      reviewStatus: 'PENDING',
      barcode: '4006381333931',
      territories: ['SE', 'NO'],
      platforms: ['SPOTIFY'],
      artwork: null,
      links: [],
      deletedAt: null,
      publishedAt: null,
    });
    expect(album.artists).toMatchObject([{ id: artist.id, name: 'Draft Artist', role: 'PRIMARY' }]);
    expect(album.tracks.map((track) => [track.index, track.title, track.isrc])).toEqual([
      [1, 'First', null],
      [2, 'Second', 'GBXYZ2600001'],
    ]);
  });

  it('takes the multipart form with a metadata part; WORLDWIDE lists every territory', async () => {
    const response = await c.createForm(owner, [
      { name: 'metadata', data: JSON.stringify({ title: 'Form made', territories: 'WORLDWIDE' }) },
    ]);
    expect(response.statusCode).toBe(201);
    const album = expectShape(albumDetailSchema, response);
    expect(album.territories).toHaveLength(TERRITORIES.length);
  });

  it('on update leaves absent fields, clears nulls, and soft-deletes tracks left out of the list', async () => {
    const album = await c.album(owner, {
      title: 'Changing',
      version: 'Deluxe',
      tracks: [
        { index: 1, title: 'Keep' },
        { index: 2, title: 'Drop' },
      ],
    });
    const [keep, drop] = album.tracks;
    const response = await c.updateJson(owner, album.id, {
      version: null,
      tracks: [
        { id: keep!.id, index: 2 },
        { index: 1, title: 'New opener' },
      ],
    });
    const updated = expectShape(albumDetailSchema, response);
    expect(updated.title).toBe('Changing');
    expect(updated.version).toBeNull();
    expect(updated.tracks.map((track) => [track.index, track.title])).toEqual([
      [1, 'New opener'],
      [2, 'Keep'],
    ]);
    const dropped = await c.get(owner, `/v1/albums/${album.id}/tracks/${drop!.id}`);
    expect(dropped.json()).toMatchObject({ title: 'Drop' });
    expect(dropped.json().deletedAt).toEqual(expect.any(String));
    const unknownTrack = await c.updateJson(owner, album.id, { tracks: [{ id: drop!.id, index: 1 }] });
    expect(pathsOf(expectError(unknownTrack, 400, 'VALIDATION_FAILED'))).toEqual([
      ['body', 'tracks', 0, 'id'],
    ]);
  });

  it('names every invalid field by its path', async () => {
    const response = await c.createJson(owner, {
      barcode: '4006381333932',
      primaryGenre: 'POP',
      secondaryGenre: 'POP',
      originalReleaseDate: '2030-01-02',
      releaseDate: '2030-01-01',
      platforms: ['SPOTIFY', 'SPOTIFY'],
      tracks: [
        { index: 1, isrc: 'not-an-isrc', explicit: true, clean: true },
        { index: 1, cover: true, original: null },
      ],
    });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(
      pathsOf(error)
        .map((path) => path.join('.'))
        .sort(),
    ).toEqual(
      [
        'body.barcode',
        'body.secondaryGenre',
        'body.originalReleaseDate',
        'body.platforms.1',
        'body.tracks.0.isrc',
        'body.tracks.0.clean',
        'body.tracks.1',
        'body.tracks.1.original',
      ].sort(),
    );
    const unknownArtist = await c.createJson(owner, {
      artists: [{ id: '5f93e21c-8fac-49fe-9bef-0693f25cf9c2', role: 'PRIMARY' }],
    });
    expect(pathsOf(expectError(unknownArtist, 400, 'VALIDATION_FAILED'))).toEqual([
      ['body', 'artists', 0, 'id'],
    ]);
    const theirArtist = await c.artist(stranger, 'Not Yours');
    const borrowed = await c.createJson(owner, {
      tracks: [{ index: 1, artists: [{ id: theirArtist.id, role: 'PRIMARY' }] }],
    });
    expect(pathsOf(expectError(borrowed, 400, 'VALIDATION_FAILED'))).toEqual([
      ['body', 'tracks', 0, 'artists', 0, 'id'],
    ]);
  });
});

describe('identifiers', () => {
  it('takes UPC-A and EAN-13 with a valid check digit and refuses a wrong one', async () => {
    expect((await c.album(owner, { barcode: '036000291452' })).barcode).toBe('036000291452');
    const wrong = await c.createJson(owner, { barcode: '036000291453' });
    expect(expectError(wrong, 400, 'VALIDATION_FAILED').details?.[0]).toMatchObject({
      path: ['body', 'barcode'],
      message: 'The barcode check digit does not match',
    });
  });

  it('refuses a barcode or ISRC already used in the catalogue, by any account (409 with the field)', async () => {
    const barcode = randomBarcode();
    const isrc = randomIsrc();
    await c.album(owner, { barcode, tracks: [{ index: 1, isrc }] });
    const sameBarcode = await c.createJson(stranger, { barcode });
    expect(pathsOf(expectError(sameBarcode, 409, 'CONFLICT'))).toEqual([['body', 'barcode']]);
    const sameIsrc = await c.createJson(stranger, {
      tracks: [
        { index: 1, title: 'ok' },
        { index: 2, isrc },
      ],
    });
    expect(pathsOf(expectError(sameIsrc, 409, 'CONFLICT'))).toEqual([['body', 'tracks', 1, 'isrc']]);
    const multipartIsrc = await c.createForm(stranger, [
      { name: 'metadata', data: JSON.stringify({ tracks: [{ index: 1, isrc }] }) },
    ]);
    expect(pathsOf(expectError(multipartIsrc, 409, 'CONFLICT'))).toEqual([
      ['body', 'metadata', 'tracks', 0, 'isrc'],
    ]);
    // Nothing of the refused album was kept.
    expect((await page(stranger)).totalItems).toBe(0);
  });
});

describe('listing', () => {
  let lister: Session;
  let albums: AlbumDetail[];
  beforeAll(async () => {
    lister = await login(t.app, (await createUser(t.db)).email);
    albums = [];
    for (const [title, releaseDate] of [
      ['beta', '2030-05-01'],
      ['Delta', null],
      ['alpha', '2030-01-01'],
      ['Émile', '2030-03-01'],
      ['gamma 100%', '2030-02-01'],
    ] as const) {
      albums.push(await c.album(lister, { title, releaseDate }));
    }
  });

  it('orders by created_at descending by default and pages with the spec’s offsets', async () => {
    const first = await page(lister, '?size=2');
    expect(first.items.map((album) => album.title)).toEqual(['gamma 100%', 'Émile']);
    expect(first).toMatchObject({ currentOffset: 0, size: 2, totalItems: 5, nextOffset: 2 });
    expect(first.previousOffset).toBeUndefined();
    const last = await page(lister, '?size=2&offset=4');
    expect(last.items.map((album) => album.title)).toEqual(['beta']);
    expect(last).toMatchObject({ previousOffset: 2 });
    expect(last.nextOffset).toBeUndefined();
  });

  it('orders by title (language-neutral) and release date (missing last), both ways', async () => {
    const titles = (await page(lister, '?order_by=title&order=asc')).items.map((album) => album.title);
    expect(titles).toEqual(['alpha', 'beta', 'Delta', 'Émile', 'gamma 100%']);
    const desc = (await page(lister, '?order_by=title&order=desc')).items.map((album) => album.title);
    expect(desc).toEqual([...titles].reverse());
    const byDate = (await page(lister, '?order_by=release_date&order=asc')).items.map((album) => album.title);
    expect(byDate).toEqual(['alpha', 'gamma 100%', 'Émile', 'beta', 'Delta']);
    const byDateDesc = (await page(lister, '?order_by=release_date&order=desc')).items.map(
      (album) => album.title,
    );
    expect(byDateDesc).toEqual(['beta', 'Émile', 'gamma 100%', 'alpha', 'Delta']);
    const updated = await page(lister, '?order_by=updated_at&order=asc');
    expect(updated.items[0]!.title).toBe('beta');
    expect((await page(lister, '?order_by=published_at')).items).toHaveLength(5);
  });

  it('filters by q (wildcards literal), status and artist', async () => {
    expect((await page(lister, '?q=100%25')).items.map((album) => album.title)).toEqual(['gamma 100%']);
    expect((await page(lister, '?q=%25')).items.map((album) => album.title)).toEqual(['gamma 100%']);
    expect((await page(lister, '?status=DRAFT')).totalItems).toBe(5);
    expect((await page(lister, '?status=PUBLISHED')).totalItems).toBe(0);
    const artist = await c.artist(lister, 'Filter Artist');
    const featured = await c.artist(lister, 'Featured Only');
    await c.updateJson(lister, albums[0]!.id, { artists: [{ id: artist.id, role: 'PRIMARY' }] });
    await c.updateJson(lister, albums[2]!.id, {
      tracks: [{ index: 1, title: 'feat', artists: [{ id: featured.id, role: 'FEATURING' }] }],
    });
    expect((await page(lister, `?artist=${artist.id}`)).items.map((album) => album.title)).toEqual(['beta']);
    const byArtist = expectShape(albumPageSchema, await c.get(lister, `/v2/artists/${featured.id}/albums`));
    expect(byArtist.items.map((album) => album.title)).toEqual(['alpha']);
    expect((await page(lister, '?artist=not-a-uuid')).totalItems).toBe(0);
    const bad = await c.get(lister, '/v2/albums?order_by=name');
    expect(pathsOf(expectError(bad, 400, 'VALIDATION_FAILED'))).toEqual([['querystring', 'order_by']]);
  });

  it('counts an artist’s albums and tracks (a track without artists counts for the album’s)', async () => {
    const artist = await c.artist(lister, 'Counted');
    await c.album(lister, {
      artists: [{ id: artist.id, role: 'PRIMARY' }],
      tracks: [
        { index: 1, title: 'inherits' },
        { index: 2, title: 'own', artists: [{ id: (await c.artist(lister, 'Other')).id, role: 'PRIMARY' }] },
      ],
    });
    const read = expectShape(artistDetailSchema, await c.get(lister, `/v1/artists/${artist.id}`));
    expect(read).toMatchObject({ albumCount: 1, trackCount: 1 });
  });
});

describe('authorization', () => {
  it('answers 401 without a session and 404 for another account’s album on every call', async () => {
    const album = await c.album(owner, { title: 'Private', tracks: [{ index: 1, title: 'Secret' }] });
    expectError(await t.app.inject({ url: '/v2/albums' }), 401, 'UNAUTHENTICATED');
    const urls = [
      `/v1/albums/${album.id}`,
      `/v1/albums/${album.id}/platforms`,
      `/v1/albums/${album.id}/review`,
      `/v1/albums/${album.id}/artists`,
      `/v1/albums/${album.id}/tracks`,
      `/v1/albums/${album.id}/tracks/${album.tracks[0]!.id}`,
      `/v1/tracks/${album.tracks[0]!.id}`,
      '/v1/albums/not-a-uuid',
    ];
    for (const url of urls) expectError(await c.get(stranger, url), 404, 'NOT_FOUND');
    expectError(await c.updateJson(stranger, album.id, { title: 'Mine now' }), 404, 'NOT_FOUND');
    expectError(await c.publish(stranger, album.id), 404, 'NOT_FOUND');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/albums/${album.id}`,
      headers: bearer(stranger),
    });
    expectError(del, 404, 'NOT_FOUND');
    expect((await page(stranger, '?q=Private')).items).toEqual([]);
  });

  it('an admin impersonating the user works on the user’s albums', async () => {
    const user = await createUser(t.db);
    const userSession = await login(t.app, user.email);
    const admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
    const impersonation = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonations',
      headers: bearer(admin),
      payload: { userId: user.id },
    });
    const acting = expectShape(sessionSchema, impersonation);
    const made = await c.album(acting, { title: 'Made by support' });
    expect(expectShape(albumDetailSchema, await c.get(userSession, `/v1/albums/${made.id}`)).title).toBe(
      'Made by support',
    );
    expect((await page(admin, '?q=support')).items).toEqual([]);
  });
});

describe('artists, tracks and platforms of an album', () => {
  it('lists the album’s artists with roles, its tracks in order and its chosen platforms', async () => {
    const primary = await c.artist(owner, 'Lead');
    const featuring = await c.artist(owner, 'Guest');
    const album = await c.album(owner, {
      platforms: ['TIDAL', 'AMAZON'],
      artists: [
        { id: primary.id, role: 'PRIMARY' },
        { id: featuring.id, role: 'FEATURING' },
      ],
      tracks: [
        { index: 1, title: 'A' },
        { index: 2, title: 'B' },
      ],
    });
    const artists = expectShape(creditedArtistsSchema, await c.get(owner, `/v1/albums/${album.id}/artists`));
    expect(artists.map((artist) => [artist.name, artist.role])).toEqual([
      ['Lead', 'PRIMARY'],
      ['Guest', 'FEATURING'],
    ]);
    const tracks = expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`));
    expect(tracks.map((track) => track.title)).toEqual(['A', 'B']);
    const platforms = expectShape(
      albumPlatformEntriesSchema,
      await c.get(owner, `/v1/albums/${album.id}/platforms`),
    );
    expect(platforms).toEqual([
      { id: 'AMAZON', name: 'Amazon Music', current: null, pending: null },
      { id: 'TIDAL', name: 'TIDAL', current: null, pending: null },
    ]);
  });
});

describe('DELETE /v1/albums/{id}', () => {
  it('takes a draft down: 204, still readable with deletedAt, no longer listed or changeable', async () => {
    const album = await c.album(owner, { title: 'Short lived', barcode: randomBarcode() });
    const del = (query = '') =>
      t.app.inject({ method: 'DELETE', url: `/v1/albums/${album.id}${query}`, headers: bearer(owner) });
    const guard = await del('?expected_amount_due=500');
    expect(pathsOf(expectError(guard, 409, 'CONFLICT'))).toEqual([['querystring', 'expected_amount_due']]);
    expect((await del('?expected_amount_due=0')).statusCode).toBe(204);
    const read = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(read.deletedAt).toEqual(expect.any(String));
    expect((await page(owner, '?q=Short')).items).toEqual([]);
    expectError(await c.updateJson(owner, album.id, { title: 'Back' }), 409, 'CONFLICT');
    expectError(await del(), 409, 'CONFLICT');
    // Its barcode is free again.
    expect((await c.album(owner, { barcode: album.barcode })).barcode).toBe(album.barcode);
  });
});
