import {
  type AlbumDetail,
  albumDetailSchema,
  type Session,
  trackListSchema,
  trackPageSchema,
  trackSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { releaseClient } from '../../testing/release-fixtures.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false });
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(() => t.close());

const pathsOf = (error: { details?: { path: (string | number)[] }[] | undefined }) =>
  (error.details ?? []).map((detail) => detail.path);
const send = (session: Session, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
const titles = async (album: AlbumDetail) =>
  expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`)).map((track) => [
    track.index,
    track.title,
  ]);

describe('editing tracks one by one', () => {
  let album: AlbumDetail;
  beforeAll(async () => {
    album = await c.album(owner, { title: 'Per track', tracks: [{ index: 1, title: 'One' }] });
  });

  it('adds tracks last or at an index (201), with artists and new or existing contributors', async () => {
    const artist = await c.artist(owner, 'Track Artist');
    const existing = await send(owner, 'POST', '/v1/contributors', { name: 'Mia Master', role: 'MASTERING' });
    const contributorId = existing.json().id as string;
    const added = await send(owner, 'POST', `/v1/albums/${album.id}/tracks`, {
      title: 'Three',
      isrc: 'US-S1Z-26-00001',
      artists: [{ id: artist.id, role: 'PRIMARY' }],
      contributors: [
        { id: contributorId, role: 'MASTERING' },
        { name: 'Pat Producer', role: 'PRODUCER', publisher: 'Pat Songs' },
      ],
    });
    expect(added.statusCode).toBe(201);
    const track = expectShape(trackSchema, added);
    expect(track).toMatchObject({
      index: 2,
      title: 'Three',
      isrc: 'USS1Z2600001',
      audio: null,
      deletedAt: null,
    });
    expect(track.artists.map((credited) => [credited.name, credited.role])).toEqual([
      ['Track Artist', 'PRIMARY'],
    ]);
    expect(track.contributors.map((credit) => [credit.name, credit.role, credit.publisher])).toEqual([
      ['Mia Master', 'MASTERING', null],
      ['Pat Producer', 'PRODUCER', 'Pat Songs'],
    ]);
    const inserted = await send(owner, 'POST', `/v1/albums/${album.id}/tracks`, { title: 'Two', index: 2 });
    expect(expectShape(trackSchema, inserted).index).toBe(2);
    expect(await titles(album)).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
  });

  it('changes a track (absent unchanged, null clears) and moves it with a new index', async () => {
    const [one] = expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`));
    const response = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/${one!.id}`, {
      version: 'Radio edit',
      cover: true,
      original: { title: 'Original One', artist: 'Someone Else' },
      index: 3,
    });
    const updated = expectShape(trackSchema, response);
    expect(updated).toMatchObject({ title: 'One', version: 'Radio edit', cover: true, index: 3 });
    expect(updated.original).toEqual({ title: 'Original One', artist: 'Someone Else' });
    expect(await titles(album)).toEqual([
      [1, 'Two'],
      [2, 'Three'],
      [3, 'One'],
    ]);
    const cleared = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/${one!.id}`, { version: null });
    expect(expectShape(trackSchema, cleared).version).toBeNull();
    const refused = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/${one!.id}`, {
      cover: true,
      original: null,
    });
    expect(pathsOf(expectError(refused, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'original']]);
    const both = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/${one!.id}`, {
      explicit: 1,
      clean: 'true',
    });
    expect(pathsOf(expectError(both, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'clean']]);
  });

  it('reorders with every live track once, and names what is wrong', async () => {
    const tracks = expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`));
    const ids = tracks.map((track) => track.id);
    const reordered = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/order`, {
      trackIds: [...ids].reverse(),
    });
    expect(expectShape(trackListSchema, reordered).map((track) => track.title)).toEqual([
      'One',
      'Three',
      'Two',
    ]);
    const missing = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/order`, {
      trackIds: ids.slice(1),
    });
    expect(pathsOf(expectError(missing, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'trackIds']]);
    const foreign = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/order`, {
      trackIds: [ids[0], ids[1], 'e2c5b5e4-0000-4000-8000-000000000000'],
    });
    expect(pathsOf(expectError(foreign, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'trackIds', 2]]);
    const twice = await send(owner, 'POST', `/v1/albums/${album.id}/tracks/order`, {
      trackIds: [ids[0], ids[0], ids[1]],
    });
    expect(pathsOf(expectError(twice, 400, 'VALIDATION_FAILED'))).toEqual([['body', 'trackIds', 1]]);
  });

  it('soft-deletes a track: deletedAt set, out of the lists, the others close the gap', async () => {
    const tracks = expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`));
    const middle = tracks[1]!;
    const response = await send(owner, 'DELETE', `/v1/albums/${album.id}/tracks/${middle.id}`);
    expect(response.statusCode).toBe(204);
    expect((await titles(album)).map(([index]) => index)).toEqual([1, 2]);
    const gone = expectShape(trackSchema, await c.get(owner, `/v1/tracks/${middle.id}`));
    expect(gone.deletedAt).toEqual(expect.any(String));
    const listed = expectShape(trackPageSchema, await c.get(owner, `/v2/tracks?album_id=${album.id}`));
    expect(listed.items.map((track) => track.id)).not.toContain(middle.id);
    expectError(await send(owner, 'DELETE', `/v1/albums/${album.id}/tracks/${middle.id}`), 404, 'NOT_FOUND');
    expectError(
      await send(owner, 'POST', `/v1/albums/${album.id}/tracks/${middle.id}`, { title: 'x' }),
      404,
      'NOT_FOUND',
    );
    // The album is still a draft, and changed.
    const read = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(read.status).toBe('DRAFT');
  });

  it('another account’s album and tracks are not found', async () => {
    const [first] = expectShape(trackListSchema, await c.get(owner, `/v1/albums/${album.id}/tracks`));
    expectError(
      await send(stranger, 'POST', `/v1/albums/${album.id}/tracks`, { title: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await send(stranger, 'POST', `/v1/albums/${album.id}/tracks/${first!.id}`, { title: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await send(stranger, 'DELETE', `/v1/albums/${album.id}/tracks/${first!.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await send(stranger, 'POST', `/v1/albums/${album.id}/tracks/order`, { trackIds: [first!.id] }),
      404,
      'NOT_FOUND',
    );
    const other = await c.album(owner, { title: 'Other album' });
    expectError(await c.get(owner, `/v1/albums/${other.id}/tracks/${first!.id}`), 404, 'NOT_FOUND');
  });
});

describe('GET /v2/tracks', () => {
  let lister: Session;
  beforeAll(async () => {
    lister = await login(t.app, (await createUser(t.db)).email);
    const artist = await c.artist(lister, 'Listed Artist');
    await c.album(lister, {
      title: 'First album',
      artists: [{ id: artist.id, role: 'PRIMARY' }],
      tracks: [
        { index: 1, title: 'delta', isrc: 'QMDA72600001' },
        { index: 2, title: 'Alpha' },
      ],
    });
    await c.album(lister, {
      title: 'Second album',
      tracks: [
        { index: 1, title: 'charlie' },
        { index: 2, title: 'Bravo_1' },
      ],
    });
  });
  const list = async (query = '') => expectShape(trackPageSchema, await c.get(lister, `/v2/tracks${query}`));

  it('orders by created_at descending by default, by title both ways, and pages', async () => {
    const all = await list();
    expect(all.totalItems).toBe(4);
    // Tracks written together share created_at (then ordered by id): the second album's come first.
    expect(
      all.items
        .slice(0, 2)
        .map((track) => track.title)
        .sort(),
    ).toEqual(['Bravo_1', 'charlie']);
    const asc = (await list('?order_by=title&order=asc')).items.map((track) => track.title);
    expect(asc).toEqual(['Alpha', 'Bravo_1', 'charlie', 'delta']);
    const desc = (await list('?order_by=title&order=desc')).items.map((track) => track.title);
    expect(desc).toEqual([...asc].reverse());
    const second = await list('?order_by=title&order=asc&size=3&offset=3');
    expect(second).toMatchObject({ currentOffset: 3, size: 3, totalItems: 4, previousOffset: 0 });
    expect(second.items.map((track) => track.title)).toEqual(['delta']);
    expect(second.nextOffset).toBeUndefined();
    expect((await list('?order_by=updated_at&order=asc&size=1')).nextOffset).toBe(1);
  });

  it('filters by q (title or ISRC, literal wildcards), album_id and artist_id (album credits count)', async () => {
    expect((await list('?q=_1')).items.map((track) => track.title)).toEqual(['Bravo_1']);
    expect((await list('?q=QM-DA7')).items.map((track) => track.title)).toEqual(['delta']);
    const albums = await c.get(lister, '/v2/albums?q=Second');
    const secondId = albums.json().items[0].id as string;
    const ofSecond = (await list(`?album_id=${secondId}&order_by=title&order=asc`)).items.map(
      (track) => track.title,
    );
    expect(ofSecond).toEqual(['Bravo_1', 'charlie']);
    const artists = await c.get(lister, '/v2/artists?q=Listed');
    const artistId = artists.json().items[0].id as string;
    const byArtist = (await list(`?artist_id=${artistId}&order_by=title&order=asc`)).items.map(
      (track) => track.title,
    );
    expect(byArtist).toEqual(['Alpha', 'delta']);
    expect((await list('?album_id=nope')).totalItems).toBe(0);
    expect(
      pathsOf(expectError(await c.get(lister, '/v2/tracks?order_by=index'), 400, 'VALIDATION_FAILED')),
    ).toEqual([['querystring', 'order_by']]);
    expect((await list()).items.every((track) => track.deletedAt === null)).toBe(true);
    expect(expectShape(trackPageSchema, await c.get(stranger, '/v2/tracks')).totalItems).toBe(0);
  });
});
