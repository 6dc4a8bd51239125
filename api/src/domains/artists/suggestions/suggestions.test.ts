import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ARTIST_PROFILE_PLATFORMS,
  artistSuggestionsSchema,
  parseUnsearchedPlatforms,
  type Session,
  UNSEARCHED_PLATFORMS_HEADER,
} from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../platform/config.js';
import { bearer, createUser, expectError, expectShape, login } from '../../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createSuggestionService } from './service.js';

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

/**
 * Spotify's accounts and Web API and the Apple Music API on one local server, answering the recorded responses in
 * fixtures/. It checks the credentials each call must carry and records what it was asked.
 */
function startCatalogues() {
  const state = {
    spotify: 'ok' as 'ok' | 'reject-token-once' | 'down',
    apple: 'ok' as 'ok' | 'down',
    tokensIssued: 0,
    calls: [] as { method: string; path: string; query: Record<string, string>; authorization?: string }[],
  };
  const basic = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catalogues.test');
    const authorization = request.headers.authorization;
    state.calls.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(authorization ? { authorization } : {}),
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && url.pathname === '/api/token') {
        if (authorization !== basic || body !== 'grant_type=client_credentials')
          return send(400, { error: 'invalid_client' });
        state.tokensIssued += 1;
        return send(200, {
          ...(fixture('spotify-token') as object),
          access_token: `token-${state.tokensIssued}`,
        });
      }
      if (url.pathname === '/v1/search') {
        if (state.spotify === 'down')
          return send(503, { error: { status: 503, message: 'Service unavailable' } });
        if (state.spotify === 'reject-token-once') {
          state.spotify = 'ok';
          return send(401, { error: { status: 401, message: 'The access token expired' } });
        }
        if (authorization !== `Bearer token-${state.tokensIssued}`)
          return send(401, { error: { status: 401, message: 'Invalid access token' } });
        return send(200, fixture('spotify-search-artists'));
      }
      if (url.pathname === '/v1/catalog/se/search') {
        if (authorization !== 'Bearer developer-token') return send(401, { errors: [{ status: '401' }] });
        if (state.apple === 'down')
          return send(500, { errors: [{ status: '500', title: 'Upstream Error' }] });
        const found = url.searchParams.get('term')?.includes('nova');
        return send(200, fixture(found ? 'apple-music-search-artists' : 'apple-music-search-empty'));
      }
      send(404, { error: 'not found' });
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

type Catalogues = Awaited<ReturnType<typeof startCatalogues>>;

let local: TestApp;
let configured: TestApp;
let catalogues: Catalogues;
let localSession: Session;
let configuredSession: Session;

const NOVA_SPOTIFY = '6qqNVTkY8uBg9cP3Jd7DAH';

/** Profiles stored by other accounts: what the built-in search may find. */
async function storeProfiles(t: TestApp) {
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  const [sessionA, sessionB] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
  const create = (session: Session, payload: object) =>
    t.app.inject({ method: 'POST', url: '/v1/artists', headers: bearer(session), payload });
  for (const response of await Promise.all([
    create(sessionA, {
      name: 'Nova Lane',
      profiles: [
        {
          platform: 'SPOTIFY',
          name: 'Nova Lane',
          url: `https://open.spotify.com/artist/${NOVA_SPOTIFY}`,
          imageUrl: 'https://i.scdn.co/image/nova',
        },
        { platform: 'DEEZER', name: 'Nova Lane', url: 'https://www.deezer.com/artist/27' },
      ],
    }),
    // The same Spotify artist, stored by another account: suggested once.
    create(sessionB, {
      name: 'My Nova',
      profiles: [{ platform: 'SPOTIFY', name: 'Nova Lane', url: `spotify:artist:${NOVA_SPOTIFY}` }],
    }),
    create(sessionB, {
      name: 'Supernova Choir',
      profiles: [
        {
          platform: 'SPOTIFY',
          name: 'Supernova Choir',
          url: 'https://open.spotify.com/artist/2CIMQHirSU0MQqyYHq0eOx',
        },
      ],
    }),
    create(sessionB, {
      name: 'Nova',
      profiles: [
        { platform: 'SPOTIFY', name: 'Nova', url: 'https://open.spotify.com/artist/3WrFJ7ztbogyGnTHbHJFl2' },
      ],
    }),
  ])) {
    expect(response.statusCode, response.body).toBe(201);
  }
}

beforeAll(async () => {
  catalogues = await startCatalogues();
  [local, configured] = await Promise.all([
    createTestApp(),
    createTestApp({
      spotify: {
        clientId: 'client-id',
        clientSecret: 'client-secret',
        apiUrl: catalogues.url,
        accountsUrl: catalogues.url,
      },
      appleMusic: { developerToken: 'developer-token', storefront: 'se', apiUrl: catalogues.url },
    }),
  ]);
  await Promise.all([storeProfiles(local), storeProfiles(configured)]);
  localSession = await login(local.app, (await createUser(local.db)).email);
  configuredSession = await login(configured.app, (await createUser(configured.db)).email);
});
afterAll(async () => {
  await Promise.all([local?.close(), configured?.close()]);
  await catalogues?.close();
});

/** The answer's list (as the product spec has it), and the platforms not searched as its X-Unsearched-Platforms header says. */
const suggest = async (t: TestApp, session: Session, query: string) => {
  const response = await t.app.inject({ url: `/v1/artists/suggestions?${query}`, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  const header = response.headers[UNSEARCHED_PLATFORMS_HEADER.toLowerCase()];
  return {
    items: expectShape(artistSuggestionsSchema, response),
    unsearchedPlatforms: parseUnsearchedPlatforms(typeof header === 'string' ? header : undefined),
  };
};

describe('suggestions without credentials: profiles known to this installation', () => {
  it('finds stored profiles of any account by name, once each, exact names first, with public fields only', async () => {
    const response = await local.app.inject({
      url: '/v1/artists/suggestions?q=nova&platform[]=SPOTIFY&platform[]=APPLE_MUSIC',
      headers: bearer(localSession),
    });
    // The answer is the list itself (as the product spec has it); what was not searched, and why, is the header.
    expect(Array.isArray(response.json())).toBe(true);
    expect(Object.keys(response.json()[0]).sort()).toEqual([
      'imageUrl',
      'name',
      'platform',
      'platformId',
      'url',
    ]);
    expect(response.headers['x-unsearched-platforms']).toBe(
      'spotify=NOT_CONFIGURED, apple_music=NOT_CONFIGURED',
    );
    const items = expectShape(artistSuggestionsSchema, response);
    expect(items.map((item) => [item.platform, item.name])).toEqual([
      ['SPOTIFY', 'Nova'],
      ['SPOTIFY', 'Nova Lane'],
      ['SPOTIFY', 'Supernova Choir'],
    ]);
    expect(items.filter((item) => item.platformId === NOVA_SPOTIFY)).toHaveLength(1);
    expect(parseUnsearchedPlatforms(String(response.headers['x-unsearched-platforms']))).toEqual([
      { platform: 'SPOTIFY', reason: 'NOT_CONFIGURED' },
      { platform: 'APPLE_MUSIC', reason: 'NOT_CONFIGURED' },
    ]);
  });

  it('never invents a profile: an unknown name finds nothing', async () => {
    const answer = await suggest(local, localSession, 'q=Nobody%20Here&platform[]=SPOTIFY');
    expect(answer.items).toEqual([]);
  });

  it('searches every profile platform when none is asked, and says which cannot have profiles', async () => {
    const all = await suggest(local, localSession, 'q=nova%20lane');
    expect(all.items.map((item) => item.platform)).toEqual(['SPOTIFY', 'DEEZER']);
    expect(all.unsearchedPlatforms).toEqual(
      ARTIST_PROFILE_PLATFORMS.map((platform) => ({ platform, reason: 'NOT_CONFIGURED' })),
    );
    const gracenote = await suggest(local, localSession, 'q=nova&platform[]=GRACENOTE&platform[]=DEEZER');
    expect(gracenote.unsearchedPlatforms).toEqual([
      { platform: 'GRACENOTE', reason: 'NOT_SUPPORTED' },
      { platform: 'DEEZER', reason: 'NOT_CONFIGURED' },
    ]);
    expect(gracenote.items.map((item) => item.platform)).toEqual(['DEEZER']);
  });

  it('refuses a missing q and unknown platforms with their paths', async () => {
    const response = await local.app.inject({
      url: '/v1/artists/suggestions?platform[]=MYSPACE',
      headers: bearer(localSession),
    });
    expect(expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path)).toEqual([
      ['querystring', 'q'],
      ['querystring', 'platform[]', 0],
    ]);
  });
});

describe('suggestions with credentials: the platforms’ catalogues (recorded responses)', () => {
  it('searches Spotify and Apple Music and answers their profiles in the asked order', async () => {
    catalogues.state.calls.length = 0;
    const answer = await suggest(
      configured,
      configuredSession,
      'q=nova%20lane&platform[]=SPOTIFY&platform[]=APPLE_MUSIC',
    );
    expect(answer.unsearchedPlatforms).toEqual([]);
    expect(answer.items).toEqual([
      {
        platform: 'SPOTIFY',
        platformId: NOVA_SPOTIFY,
        name: 'Nova Lane',
        url: `https://open.spotify.com/artist/${NOVA_SPOTIFY}`,
        imageUrl: 'https://i.scdn.co/image/ab6761610000f1789c3ae1a4f1e0d2c3b4a59687',
      },
      {
        platform: 'SPOTIFY',
        platformId: '1dfeR4HaWDbWqFHLkxsg1d',
        name: 'Nova Lane Trio',
        url: 'https://open.spotify.com/artist/1dfeR4HaWDbWqFHLkxsg1d',
        imageUrl: null,
      },
      {
        platform: 'SPOTIFY',
        platformId: '0TnOYISbd1XYRBk9myaseg',
        name: 'Lane Nova',
        url: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg',
        imageUrl: 'https://i.scdn.co/image/ab6761610000e5eb1f2e3d4c5b6a79808f7e6d5c',
      },
      {
        platform: 'APPLE_MUSIC',
        platformId: '1440935467',
        name: 'Nova Lane',
        url: 'https://music.apple.com/us/artist/nova-lane/1440935467',
        imageUrl:
          'https://is1-ssl.mzstatic.com/image/thumb/AMCArtistImages126/v4/3c/5e/0a/3c5e0a1b-9d2f-7c41-88aa-1b2c3d4e5f60/source/300x300bb.jpg',
      },
      {
        platform: 'APPLE_MUSIC',
        platformId: '1589076543',
        name: 'Nova Lane & The Hours',
        url: 'https://music.apple.com/us/artist/nova-lane-the-hours/1589076543',
        imageUrl: null,
      },
    ]);
    const search = catalogues.state.calls.find((call) => call.path === '/v1/search');
    expect(search?.query).toEqual({ q: 'nova lane', type: 'artist', limit: '10' });
    const apple = catalogues.state.calls.find((call) => call.path === '/v1/catalog/se/search');
    expect(apple).toMatchObject({
      query: { term: 'nova lane', types: 'artists', limit: '10' },
      authorization: 'Bearer developer-token',
    });
  });

  it('keeps the Spotify token until it expires and takes a new one when Spotify refuses it', async () => {
    const issued = catalogues.state.tokensIssued;
    await suggest(configured, configuredSession, 'q=nova&platform[]=SPOTIFY');
    await suggest(configured, configuredSession, 'q=nova&platform[]=SPOTIFY');
    expect(catalogues.state.tokensIssued).toBe(issued);

    catalogues.state.spotify = 'reject-token-once';
    const retried = await suggest(configured, configuredSession, 'q=nova&platform[]=SPOTIFY');
    expect(catalogues.state.tokensIssued).toBe(issued + 1);
    expect(retried.items).toHaveLength(3);
    expect(retried.unsearchedPlatforms).toEqual([]);
  });

  it('an Apple Music search without artists answers none', async () => {
    const response = await configured.app.inject({
      url: '/v1/artists/suggestions?q=zzz&platform[]=APPLE_MUSIC',
      headers: bearer(configuredSession),
    });
    expect(response.json()).toEqual([]);
    // Every asked catalogue searched: an empty dictionary is no header at all.
    expect(response.headers['x-unsearched-platforms']).toBeUndefined();
  });

  it('a catalogue that fails is reported unavailable and its known profiles are searched instead', async () => {
    catalogues.state.spotify = 'down';
    catalogues.state.apple = 'down';
    try {
      const answer = await suggest(
        configured,
        configuredSession,
        'q=nova%20lane&platform[]=SPOTIFY&platform[]=APPLE_MUSIC&platform[]=DEEZER',
      );
      expect(answer.unsearchedPlatforms).toEqual([
        { platform: 'SPOTIFY', reason: 'UNAVAILABLE' },
        { platform: 'APPLE_MUSIC', reason: 'UNAVAILABLE' },
        { platform: 'DEEZER', reason: 'NOT_CONFIGURED' },
      ]);
      expect(answer.items.map((item) => [item.platform, item.platformId])).toEqual([
        ['SPOTIFY', NOVA_SPOTIFY],
        ['DEEZER', '27'],
      ]);
    } finally {
      catalogues.state.spotify = 'ok';
      catalogues.state.apple = 'ok';
    }
  });

  it('a catalogue that does not answer in time is reported unavailable', async () => {
    const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const service = createSuggestionService({
      db: local.db,
      timeoutMs: 50,
      providers: [
        {
          platform: 'SPOTIFY',
          search: (_q, signal) =>
            new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        },
      ],
    });
    const answer = await service.suggest('Supernova', ['SPOTIFY'], silent);
    expect(answer.unsearchedPlatforms).toEqual([{ platform: 'SPOTIFY', reason: 'UNAVAILABLE' }]);
    expect(answer.items.map((item) => item.name)).toEqual(['Supernova Choir']);
  });
});

describe('catalogue credentials in the configuration', () => {
  const base = { JWT_SECRET: 'j'.repeat(32), BOT_CHECK_HMAC_KEY: 'b'.repeat(32), DATA_DIR: '/tmp/unused' };

  it('are off by default and on with the variables', () => {
    expect(loadConfig(base)).toMatchObject({ spotify: undefined, appleMusic: undefined });
    const config = loadConfig({
      ...base,
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
      APPLE_MUSIC_DEVELOPER_TOKEN: 'token',
      APPLE_MUSIC_STOREFRONT: 'se',
    });
    expect(config.spotify).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://api.spotify.com',
      accountsUrl: 'https://accounts.spotify.com',
    });
    expect(config.appleMusic).toEqual({
      developerToken: 'token',
      storefront: 'se',
      apiUrl: 'https://api.music.apple.com',
    });
  });

  it('refuse half a Spotify pair and a malformed storefront', () => {
    expect(() => loadConfig({ ...base, SPOTIFY_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, APPLE_MUSIC_STOREFRONT: 'USA' })).toThrow(/APPLE_MUSIC_STOREFRONT/);
  });
});

describe('the header, declared once', () => {
  it('is in /docs with the suggestions’ 200, and readable by a browser on an allowed origin', async () => {
    const docs = (await local.app.inject({ url: '/docs/json' })).json();
    const ok = docs.paths['/v1/artists/suggestions'].get.responses['200'];
    expect(ok.headers[UNSEARCHED_PLATFORMS_HEADER].description).toMatch(/structured-field dictionary/);
    const origin = local.config.corsOrigins[0]!;
    const response = await local.app.inject({
      url: '/v1/artists/suggestions?q=nova&platform[]=SPOTIFY',
      headers: { ...bearer(localSession), origin },
    });
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-unsearched-platforms');
  });
});
