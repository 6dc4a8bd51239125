import { endpoints } from '@tunehouse/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTunehouse, HttpError, InvalidValueError, NetworkError } from './index.js';
import { type ScriptedAnswer, startScriptedServer } from './test-server.js';

const KEY = 'th_live_test0123456789abcdefghijklmnopqrstuvwxyzABCD';
const NOW = '2026-11-28T12:00:00.000Z';
const contributor = (n: number) => ({
  id: `c${n}`,
  name: `Contributor ${n}`,
  role: 'MUSIC_LYRICS',
  publisher: null,
  createdAt: NOW,
  updatedAt: NOW,
});
const payout = {
  id: '0b9e1d1c-8c0e-4d7c-9a53-0d1c2a3b4c5d',
  amount: 5000,
  currency: 'EUR',
  status: 'REQUESTED',
  paymentMethod: {
    id: '1c9e1d1c-8c0e-4d7c-9a53-0d1c2a3b4c5d',
    kind: 'BANK_ACCOUNT',
    maskedIban: 'NL•• 0001',
  },
  invoiceId: '2d9e1d1c-8c0e-4d7c-9a53-0d1c2a3b4c5d',
  failureReason: null,
  requestedAt: NOW,
  sentAt: null,
  settledAt: null,
  reversedAt: null,
};
const payoutBody = { amount: 5000, paymentMethodId: payout.paymentMethod.id };
const error = (status: number, code: string, headers: Record<string, string> = {}, details?: unknown) => ({
  status,
  body: { error: { code, message: `${code} happened`, ...(details ? { details } : {}) } },
  headers,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server with that script, and an SDK pointed at it that records its waits instead of sleeping. */
async function setUp(script: ScriptedAnswer[], retries?: number) {
  const server = await startScriptedServer(script);
  closers.push(server.close);
  const waits: number[] = [];
  const tunehouse = createTunehouse({
    baseUrl: server.url,
    apiKey: KEY,
    ...(retries === undefined ? {} : { retries }),
    sleep: async (ms) => {
      waits.push(ms);
    },
    logger: { warn: () => {}, error: () => {} },
  });
  return { tunehouse, seen: server.seen, waits };
}

describe('createTunehouse', () => {
  it('has every endpoint of the contracts under the same names, generated from them', () => {
    const tunehouse = createTunehouse({ baseUrl: 'http://127.0.0.1:1', apiKey: KEY });
    expect(tunehouse.releases.albums.publish.endpoint).toBe(endpoints.releases.albums.publish);
    expect(tunehouse.payouts.request.endpoint).toBe(endpoints.payouts.request);
    const walk = (tree: object, group: object): number =>
      Object.entries(group).reduce((count, [name, value]) => {
        const operation = (tree as Record<string, unknown>)[name];
        if ('method' in value) {
          expect(typeof operation, name).toBe('function');
          expect((operation as { endpoint: unknown }).endpoint).toBe(value);
          return count + 1;
        }
        return count + walk(operation as object, value as object);
      }, 0);
    expect(walk(tunehouse, endpoints)).toBeGreaterThan(100);
  });

  it('is typed from the definitions: inputs checked, answers typed, the key optional', () => {
    const tunehouse = createTunehouse({ baseUrl: 'http://127.0.0.1:1', apiKey: KEY });
    // Only type checks here (tsc runs over the tests): nothing is sent.
    const typed = () => {
      // @ts-expect-error: not an operation of the contracts
      void tunehouse.releases.albums.remove;
      // @ts-expect-error: params are required
      void tunehouse.contributors.get();
      // A query whose fields all have defaults may be left out.
      void tunehouse.releases.albums
        .list()
        .then((page) => page.items[0]?.title satisfies string | null | undefined);
      // @ts-expect-error: a body of the wrong shape
      void tunehouse.payouts.request({ body: { amount: '5000' } });
      void tunehouse.payouts.request({ body: payoutBody }).then((answer) => answer.status satisfies string);
    };
    expect(typeof typed).toBe('function');
  });

  it('refuses options that are not a URL and a th_live_ key, naming the field', () => {
    expect(() => createTunehouse({ baseUrl: 'nowhere', apiKey: KEY })).toThrow(/baseUrl/);
    expect(() => createTunehouse({ baseUrl: 'http://127.0.0.1:1', apiKey: 'secret' })).toThrow(/apiKey/);
  });

  it('sends the key as a bearer token, no cookie and no bot check, and answers the parsed body', async () => {
    const { tunehouse, seen } = await setUp([
      { status: 200, body: { items: [contributor(1)], currentOffset: 0, size: 10, totalItems: 1 } },
    ]);
    const page = await tunehouse.contributors.list({ query: { size: 10, q: 'Con' } });
    expect(page.items[0]?.name).toBe('Contributor 1');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/v2/contributors?size=10&q=Con');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers['x-bot-check']).toBeUndefined();
  });

  it('retries a 503 and a 429 after their Retry-After, in seconds or as an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    const { tunehouse, seen, waits } = await setUp([
      error(503, 'UNAVAILABLE', { 'retry-after': '3' }),
      error(429, 'RATE_LIMITED', { 'retry-after': inTwoSeconds }),
      { status: 200, body: contributor(7) },
    ]);
    expect((await tunehouse.contributors.get({ params: { id: 'c7' } })).id).toBe('c7');
    expect(seen).toHaveLength(3);
    expect(waits[0]).toBe(3000);
    // An HTTP date has whole seconds: the wait is what is left of them.
    expect(waits[1]).toBeGreaterThan(0);
    expect(waits[1]).toBeLessThanOrEqual(2000);
  });

  it('gives up after its retries and throws the last answer as an HttpError', async () => {
    const { tunehouse, seen, waits } = await setUp([error(503, 'UNAVAILABLE', { 'retry-after': '1' })], 3);
    const failure = await tunehouse.contributors.get({ params: { id: 'c1' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(503);
    expect(seen).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('never retries another 4xx, and its error carries status, code and field issues by path', async () => {
    const { tunehouse, seen } = await setUp([
      error(400, 'VALIDATION_FAILED', {}, [{ path: ['body', 'name'], message: 'Enter a name' }]),
    ]);
    const failure = await tunehouse.contributors
      .create({ body: { name: 'x', role: 'MUSIC_LYRICS' } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: [{ path: ['body', 'name'], message: 'Enter a name' }],
    });
    expect(seen).toHaveLength(1);

    for (const [status, code] of [
      [401, 'API_KEY_INVALID'],
      [403, 'API_KEY_SCOPE_MISSING'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [423, 'LOCKED'],
    ] as const) {
      const other = await setUp([error(status, code)]);
      await expect(other.tunehouse.contributors.get({ params: { id: 'c1' } })).rejects.toMatchObject({
        status,
        code,
      });
      expect(other.seen, `${status}`).toHaveLength(1);
    }
  });

  it('throws InvalidValueError naming the field path when an answer does not match its schema', async () => {
    const { tunehouse } = await setUp([{ status: 200, body: { ...contributor(1), role: 42 } }]);
    const failure = await tunehouse.contributors.get({ params: { id: 'c1' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidValueError);
    expect((failure as InvalidValueError).path).toBe('role');
  });

  it('adds a fresh Idempotency-Key to a call that needs one and sends the same key on its retries', async () => {
    const { tunehouse, seen } = await setUp([
      error(503, 'UNAVAILABLE', { 'retry-after': '0' }),
      'drop',
      { status: 201, body: payout },
    ]);
    expect((await tunehouse.payouts.request({ body: payoutBody })).id).toBe(payout.id);
    expect(seen).toHaveLength(3);
    const keys = seen.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(JSON.parse(seen[2]!.body)).toEqual(payoutBody);

    // Another call is another action: another key. A key the caller gives is the one sent.
    await tunehouse.payouts.request({ body: payoutBody });
    await tunehouse.payouts.request({ body: payoutBody, idempotencyKey: 'payout-2026-11-monthly' });
    expect(seen[3]!.headers['idempotency-key']).not.toBe(keys[0]);
    expect(seen[4]!.headers['idempotency-key']).toBe('payout-2026-11-monthly');
  });

  it('sends no Idempotency-Key where the definition asks for none', async () => {
    const { tunehouse, seen } = await setUp([{ status: 201, body: contributor(1) }]);
    await tunehouse.contributors.create({ body: { name: 'Ana', role: 'MUSIC_LYRICS' } });
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('retries a dropped connection only when sending again is harmless', async () => {
    const get = await setUp(['drop', { status: 200, body: contributor(1) }]);
    expect((await get.tunehouse.contributors.get({ params: { id: 'c1' } })).id).toBe('c1');
    expect(get.seen).toHaveLength(2);

    // A POST without an Idempotency-Key may have been acted on: it is not sent again.
    const post = await setUp(['drop', { status: 201, body: contributor(1) }]);
    await expect(
      post.tunehouse.contributors.create({ body: { name: 'Ana', role: 'MUSIC_LYRICS' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(post.seen).toHaveLength(1);
  });
});

describe('paging', () => {
  it('walks every page from nextOffset, keeping the size and filters, and every item', async () => {
    const server = await startScriptedServer((request) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const offset = Number(query.get('offset'));
      const total = 5;
      const size = Number(query.get('size'));
      const items = Array.from({ length: Math.min(size, total - offset) }, (_, i) => contributor(offset + i));
      return {
        status: 200,
        body: {
          items,
          currentOffset: offset,
          size,
          totalItems: total,
          ...(offset + size < total ? { nextOffset: offset + size } : {}),
        },
      };
    });
    closers.push(server.close);
    const tunehouse = createTunehouse({ baseUrl: server.url, apiKey: KEY });

    const offsets: number[] = [];
    for await (const page of tunehouse.contributors.list.pages({ query: { size: 2, q: 'C' } }))
      offsets.push(page.currentOffset);
    expect(offsets).toEqual([0, 2, 4]);
    expect(server.seen.map((request) => request.url)).toEqual([
      '/v2/contributors?size=2&q=C&offset=0',
      '/v2/contributors?size=2&q=C&offset=2',
      '/v2/contributors?size=2&q=C&offset=4',
    ]);

    const names: string[] = [];
    for await (const item of tunehouse.contributors.list.items({ query: { size: 2 } })) names.push(item.name);
    expect(names).toEqual([0, 1, 2, 3, 4].map((n) => `Contributor ${n}`));
  });

  it('is offered exactly on the list endpoints that page', () => {
    const tunehouse = createTunehouse({ baseUrl: 'http://127.0.0.1:1', apiKey: KEY });
    expect(typeof tunehouse.releases.albums.list.pages).toBe('function');
    expect(typeof tunehouse.payouts.list.items).toBe('function');
    expect('pages' in tunehouse.payouts.request).toBe(false);
    expect('pages' in tunehouse.apiKeys.list).toBe(false);
  });
});
