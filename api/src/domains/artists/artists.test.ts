import {
  artistDetailSchema,
  artistPageSchema,
  ARTIST_ROLES,
  CREDIT_ROLES,
  roleOptionsSchema,
  type Session,
  sessionSchema,
  SUSPENDED_MESSAGE,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createImageStore } from '../media/index.js';
import { createArtistService, ON_DELIVERED_RELEASE_MESSAGE } from './service.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let ownerAccountId: string;

const SPOTIFY_ID = '4Z8W4fKeB5YxbusRsdQVPb';
const spotify = (id = SPOTIFY_ID, name = 'Nova Lane') => ({
  platform: 'SPOTIFY',
  name,
  url: `https://open.spotify.com/artist/${id}`,
});

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  ownerAccountId = a.account.id;
  owner = await login(t.app, a.email);
  stranger = await login(t.app, b.email);
});
afterAll(() => t.close());

const as = (session: Session) => bearer(session);
const create = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/artists', headers: as(session), payload });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `/v2/artists${query}`, headers: as(session) });

async function createArtist(session: Session, payload: object) {
  const response = await create(session, payload);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(artistDetailSchema, response);
}

describe('POST, GET and POST (update) /v1/artists', () => {
  it('creates an artist with profiles read from their links, counts 0 until releases exist', async () => {
    const artist = await createArtist(owner, {
      name: '  Nova Lane ',
      profiles: [
        { ...spotify(), url: `spotify:artist:${SPOTIFY_ID}`, imageUrl: 'https://i.scdn.co/image/ab67' },
        {
          platform: 'APPLE_MUSIC',
          name: 'Nova Lane',
          url: 'https://music.apple.com/se/artist/nova-lane/1440935467?l=en',
        },
      ],
    });
    expect(artist).toMatchObject({
      name: 'Nova Lane',
      image: null,
      albumCount: 0,
      trackCount: 0,
      // In the order they were added; profiles added together by platform.
      profiles: [
        {
          platform: 'APPLE_MUSIC',
          platformId: '1440935467',
          url: 'https://music.apple.com/se/artist/nova-lane/1440935467',
          imageUrl: '',
        },
        {
          platform: 'SPOTIFY',
          platformId: SPOTIFY_ID,
          url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
          imageUrl: 'https://i.scdn.co/image/ab67',
        },
      ],
    });
    const read = await t.app.inject({ url: `/v1/artists/${artist.id}`, headers: as(owner) });
    expect(expectShape(artistDetailSchema, read)).toEqual(artist);
  });

  it('updates: absent fields stay, profiles replace the list and keep createdAt of a platform kept', async () => {
    const artist = await createArtist(owner, {
      name: 'Kite Valley',
      profiles: [
        spotify('1Xyo4u8uXC1ZmMpatF05PJ', 'Kite Valley'),
        { platform: 'DEEZER', name: 'Kite Valley', url: 'https://www.deezer.com/artist/27' },
      ],
    });
    const kept = artist.profiles.find((profile) => profile.platform === 'SPOTIFY')!;
    const update = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/v1/artists/${artist.id}`, headers: as(owner), payload });

    const renamed = expectShape(artistDetailSchema, await update({ name: 'Kite Valley Band' }));
    expect(renamed.profiles).toEqual(artist.profiles);
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(artist.updatedAt));

    const replaced = expectShape(
      artistDetailSchema,
      await update({
        profiles: [
          spotify('1Xyo4u8uXC1ZmMpatF05PJ', 'Kite Valley'),
          { platform: 'TIDAL', name: 'KV', url: 'https://tidal.com/browse/artist/3346' },
        ],
      }),
    );
    expect(replaced.name).toBe('Kite Valley Band');
    expect(replaced.profiles.map((profile) => profile.platform)).toEqual(['SPOTIFY', 'TIDAL']);
    expect(replaced.profiles[0]).toEqual(kept);

    const cleared = expectShape(artistDetailSchema, await update({ profiles: [] }));
    expect(cleared.profiles).toEqual([]);
  });

  it('refuses wrong fields with their paths', async () => {
    const response = await create(owner, {
      name: ' ',
      profiles: [
        { ...spotify(), url: 'https://open.spotify.com/track/4Z8W4fKeB5YxbusRsdQVPb' },
        {
          platform: 'APPLE_MUSIC',
          name: 'Nova',
          url: 'https://music.apple.com/us/artist/nova/1',
          platformId: '2',
        },
        spotify(),
      ],
    });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toEqual([
      ['body', 'name'],
      ['body', 'profiles', 0, 'url'],
      ['body', 'profiles', 1, 'platformId'],
    ]);
    const twice = await create(owner, { name: 'Nova', profiles: [spotify(), spotify()] });
    expect(expectError(twice, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['body', 'profiles', 1],
    ]);
    const update = await t.app.inject({
      method: 'POST',
      url: '/v1/artists/00000000-0000-4000-8000-000000000000',
      headers: as(owner),
      payload: { profiles: [{ platform: 'GRACENOTE', name: 'x', url: 'https://gracenote.com/x' }] },
    });
    expect(expectError(update, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['body', 'profiles', 0, 'platform'],
    ]);
  });
});

describe('GET /v2/artists', () => {
  let session: Session;
  const names = ['beta', 'Alpha', 'Émile', 'zeta', 'Delta', 'gamma 100%', 'Omega'];

  beforeAll(async () => {
    session = await login(t.app, (await createUser(t.db)).email);
    for (const name of names) await createArtist(session, { name });
  });

  it('orders by name ascending by default, without regard to case or accents', async () => {
    const page = expectShape(artistPageSchema, await list(session));
    expect(page.items.map((artist) => artist.name)).toEqual([
      'Alpha',
      'beta',
      'Delta',
      'Émile',
      'gamma 100%',
      'Omega',
      'zeta',
    ]);
    expect(page).toMatchObject({ currentOffset: 0, size: 25, totalItems: 7 });
    expect(page.nextOffset).toBeUndefined();
    expect(page.previousOffset).toBeUndefined();
    const desc = expectShape(artistPageSchema, await list(session, '?order=desc'));
    expect(desc.items.map((artist) => artist.name)[0]).toBe('zeta');
  });

  it('orders by created_at and updated_at in both directions', async () => {
    const created = expectShape(artistPageSchema, await list(session, '?order_by=created_at&order=asc'));
    expect(created.items.map((artist) => artist.name)).toEqual(names);
    const newest = expectShape(artistPageSchema, await list(session, '?order_by=created_at&order=desc'));
    expect(newest.items.map((artist) => artist.name)).toEqual([...names].reverse());

    const first = created.items[0]!;
    await t.app.inject({ method: 'POST', url: `/v1/artists/${first.id}`, headers: as(session), payload: {} });
    const updated = expectShape(artistPageSchema, await list(session, '?order_by=updated_at&order=desc'));
    expect(updated.items[0]?.id).toBe(first.id);
  });

  it('pages with the spec envelope: next only while more remain, previous clamped at 0', async () => {
    const first = expectShape(artistPageSchema, await list(session, '?size=3'));
    expect(first).toMatchObject({ currentOffset: 0, size: 3, totalItems: 7, nextOffset: 3 });
    expect(first.previousOffset).toBeUndefined();
    expect(first.items).toHaveLength(3);

    const middle = expectShape(artistPageSchema, await list(session, '?size=3&offset=2'));
    expect(middle).toMatchObject({ currentOffset: 2, nextOffset: 5, previousOffset: 0 });
    expect(middle.items.map((artist) => artist.name)).toEqual(['Delta', 'Émile', 'gamma 100%']);

    const last = expectShape(artistPageSchema, await list(session, '?size=3&offset=6'));
    expect(last).toMatchObject({ currentOffset: 6, previousOffset: 3, totalItems: 7 });
    expect(last.nextOffset).toBeUndefined();
    expect(last.items.map((artist) => artist.name)).toEqual(['zeta']);

    const beyond = expectShape(artistPageSchema, await list(session, '?size=3&offset=30'));
    expect(beyond).toMatchObject({ items: [], currentOffset: 30, previousOffset: 27, totalItems: 7 });
  });

  it('filters by q anywhere in the name, without case, taking % and _ literally', async () => {
    const eta = expectShape(artistPageSchema, await list(session, '?q=ETA'));
    expect(eta.items.map((artist) => artist.name)).toEqual(['beta', 'zeta']);
    expect(eta.totalItems).toBe(2);
    const percent = expectShape(artistPageSchema, await list(session, `?q=${encodeURIComponent('0%')}`));
    expect(percent.items.map((artist) => artist.name)).toEqual(['gamma 100%']);
    const underscore = expectShape(artistPageSchema, await list(session, '?q=_'));
    expect(underscore.items).toEqual([]);
  });

  it('refuses bad paging and ordering with their paths', async () => {
    const response = await list(session, '?offset=-1&size=0&order_by=title&order=up');
    expect(expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['querystring', 'offset'],
      ['querystring', 'size'],
      ['querystring', 'order_by'],
      ['querystring', 'order'],
    ]);
  });
});

describe('authorization', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/v2/artists'],
      ['GET', '/v1/artists/roles?scope=album'],
      ['GET', '/v1/artists/suggestions?q=x'],
      ['POST', '/v1/artists'],
      ['DELETE', '/v1/artists/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expectError(await t.app.inject({ method, url, payload: {} }), 401, 'UNAUTHENTICATED');
    }
  });

  it('answers 404 for another account’s artist, and for ids that are not ours', async () => {
    const artist = await createArtist(owner, { name: 'Private Owl' });
    const url = `/v1/artists/${artist.id}`;
    expectError(await t.app.inject({ url, headers: as(stranger) }), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'POST', url, headers: as(stranger), payload: { name: 'Mine now' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.app.inject({ method: 'DELETE', url, headers: as(stranger) }), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'DELETE', url: `${url}/image`, headers: as(stranger) }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.app.inject({ url: '/v1/artists/42', headers: as(owner) }), 404, 'NOT_FOUND');
    const theirs = expectShape(artistPageSchema, await list(stranger, '?q=Private'));
    expect(theirs.items).toEqual([]);
    expect(expectShape(artistDetailSchema, await t.app.inject({ url, headers: as(owner) })).name).toBe(
      'Private Owl',
    );
  });

  it('an admin impersonating the user works on the user’s artists', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const adminSession = await login(t.app, admin.email);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE account_id = $1', [
      ownerAccountId,
    ]);
    const impersonation = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonations',
      headers: as(adminSession),
      payload: { userId: rows[0]!.id },
    });
    const acting = expectShape(sessionSchema, impersonation);
    const made = await createArtist(acting, { name: 'Made By Support' });
    const mine = expectShape(
      artistDetailSchema,
      await t.app.inject({ url: `/v1/artists/${made.id}`, headers: as(owner) }),
    );
    expect(mine.name).toBe('Made By Support');
    const adminsOwn = expectShape(artistPageSchema, await list(adminSession, '?q=Made%20By'));
    expect(adminsOwn.items).toEqual([]);
  });

  it('refuses a suspended account', async () => {
    const suspended = await login(t.app, (await createUser(t.db, { suspended: true })).email);
    const response = await list(suspended);
    expect(expectError(response, 403, 'ACCOUNT_SUSPENDED').message).toBe(SUSPENDED_MESSAGE);
    expectError(await create(suspended, { name: 'x' }), 403, 'ACCOUNT_SUSPENDED');
  });
});

describe('DELETE /v1/artists/{id}', () => {
  it('deletes the artist and its profiles', async () => {
    const artist = await createArtist(owner, {
      name: 'Short Lived',
      profiles: [spotify('0OdUWJ0sBjDrqHygGUXeCF', 'Short Lived')],
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/v1/artists/${artist.id}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(
      await t.app.inject({ url: `/v1/artists/${artist.id}`, headers: as(owner) }),
      404,
      'NOT_FOUND',
    );
    const { rows } = await t.db.query('SELECT 1 FROM artist_profiles WHERE artist_id = $1', [artist.id]);
    expect(rows).toEqual([]);
  });

  it('refuses with 409 while the artist is on a delivered release (release check stubbed)', async () => {
    const artist = await createArtist(owner, { name: 'Delivered Artist' });
    const checked: string[] = [];
    const service = createArtistService({
      db: t.db,
      images: createImageStore(t.config.dataDir),
      releases: {
        isOnDeliveredRelease: async (_q, artistId) => {
          checked.push(artistId);
          return true;
        },
      },
    });
    await expect(service.remove(ownerAccountId, String(artist.id))).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: ON_DELIVERED_RELEASE_MESSAGE,
    });
    expect(checked).toEqual([artist.id]);
    expect((await service.get(ownerAccountId, String(artist.id))).name).toBe('Delivered Artist');
  });
});

describe('GET /v1/artists/roles', () => {
  it('answers the artist roles for albums and tracks and the credit roles for contributors', async () => {
    const roles = async (scope: string) =>
      expectShape(
        roleOptionsSchema,
        await t.app.inject({ url: `/v1/artists/roles?scope=${scope}`, headers: as(owner) }),
      );
    expect(await roles('album')).toEqual([
      { id: 'PRIMARY', name: 'Primary artist' },
      { id: 'FEATURING', name: 'Featuring' },
    ]);
    expect((await roles('track')).map((role) => role.id)).toEqual([...ARTIST_ROLES]);
    const credits = await roles('contributor');
    expect(credits.map((role) => role.id)).toEqual([...CREDIT_ROLES]);
    expect(credits[0]).toEqual({ id: 'MUSIC_LYRICS', name: 'Music & lyrics' });
  });

  it('refuses an unknown, missing or upper-case scope', async () => {
    for (const query of ['?scope=label', '', '?scope=ALBUM']) {
      const response = await t.app.inject({ url: `/v1/artists/roles${query}`, headers: as(owner) });
      expect(expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
        ['querystring', 'scope'],
      ]);
    }
  });
});
