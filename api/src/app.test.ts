import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiErrorBodySchema, serviceStatusSchema, WEBHOOK_EVENT_TYPES } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createPool } from './platform/db.js';
import { expectError, expectShape } from './testing/fixtures.js';
import { createTestApp, testConfig, type TestApp } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/test/boom', async () => {
      throw new Error('connection to db-internal-7 refused at /srv/secret/path.js:12');
    });
    app.get('/test/audio', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('audio/mpeg').send(Buffer.alloc(8192, 1)),
    );
  });
});
afterAll(() => t.close());

describe('the HTTP plumbing', () => {
  it('answers /health and /ready (the database is reachable)', async () => {
    for (const url of ['/health', '/ready']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(expectShape(serviceStatusSchema, response).status).toBe('ok');
    }
  });

  it('answers an unknown route with 404 in the one error shape', async () => {
    const response = await t.app.inject({ url: '/v1/nothing-here?x=1' });
    expect(expectError(response, 404, 'NOT_FOUND').message).toBe('No route GET /v1/nothing-here');
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectError(bad, 400, 'BAD_REQUEST');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectError(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('never shows a stack trace or internal detail in a 500', async () => {
    const response = await t.app.inject({ url: '/test/boom' });
    const error = expectError(response, 500, 'INTERNAL');
    expect(error.message).toBe('Something went wrong on our side; please try again');
    expect(response.body).not.toMatch(/db-internal|secret|\.js:\d+|stack/);
    expect(apiErrorBodySchema.parse(response.json()).error.details).toBeUndefined();
  });

  it('echoes a well-formed request id and makes one up otherwise', async () => {
    const given = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('allows the shell and area origins, with credentials, and no one else', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/sessions',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-bot-check,idempotency-key,traceparent',
        },
      });
    const allowed = await preflight('http://localhost:4201');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4201');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-bot-check');
    // The browser refuses a request whose header the preflight did not allow (the period close sends this one).
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('idempotency-key');
    // Every call of the shell's API client carries a W3C trace context (docs/decisions/0086-traces-and-error-reporting.md).
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('traceparent');
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('readiness', () => {
  it('answers /ready 503 while the database cannot be reached, /health still 200', async () => {
    const unreachable = createPool('postgres://nobody:nothing@127.0.0.1:9/none', 1);
    const app = await buildApp(testConfig(), { db: unreachable, jobs: t.jobs });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(expectShape(serviceStatusSchema, ready).status).toBe('unavailable');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    await app.close();
    await unreachable.end();
  });
});

describe('OpenAPI at /docs', () => {
  it('serves the UI and lists every endpoint in /docs/json', async () => {
    const page = await t.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /health',
        'GET /ready',
        'GET /v1/bot-check/challenge',
        'POST /v1/sessions',
        'POST /v1/sessions/current/refresh',
        'POST /v1/sessions/current/verify',
        'DELETE /v1/sessions/current',
        'POST /v1/signup',
        'POST /v1/emails',
        'POST /v1/passwords/new',
        'POST /v1/passwords',
        'GET /v1/users/me',
        'POST /v1/users/me',
        'POST /v1/events',
        'GET /v1/admin/users',
        'GET /v1/admin/payment-methods',
        'POST /v1/admin/payment-methods/{id}/approve',
        'POST /v1/admin/payment-methods/{id}/reject',
        'GET /v1/api-keys',
        'POST /v1/api-keys',
        'DELETE /v1/api-keys/{id}',
        'GET /v1/admin/api-keys',
        'DELETE /v1/admin/api-keys/{id}',
        'GET /v1/admin/audit',
        'GET /v1/admin/impersonations',
        'POST /v1/admin/impersonations',
        'POST /v1/admin/users/{id}/suspend',
        'POST /v1/admin/users/{id}/unsuspend',
        // docs/decisions/0031-artists-api.md
        'GET /v2/artists',
        'GET /v1/artists/suggestions',
        'GET /v1/artists/roles',
        'GET /v1/artists/{id}',
        'POST /v1/artists',
        'POST /v1/artists/{id}',
        'DELETE /v1/artists/{id}',
        'POST /v1/artists/{id}/image',
        'DELETE /v1/artists/{id}/image',
        'GET /v1/media/images/{id}/{file}',
        'GET /v2/contributors',
        'GET /v1/contributors/{id}',
        'POST /v1/contributors',
        'POST /v1/contributors/{id}',
        'DELETE /v1/contributors/{id}',
        // docs/decisions/0033-releases-api.md
        'GET /v2/albums',
        'GET /v1/albums/{id}',
        'POST /v1/albums',
        'POST /v1/albums/{id}',
        'DELETE /v1/albums/{id}',
        'GET /v1/albums/{id}/labelcopy.pdf',
        'GET /v1/albums/{id}/platforms',
        'GET /v1/albums/{id}/review',
        'POST /v1/albums/{id}/publish',
        'GET /v1/simulator/stores/{platform}/{platformId}',
        'GET /v2/artists/{artistId}/albums',
        'GET /v1/albums/{albumId}/artists',
        'GET /v1/albums/{albumId}/tracks',
        'GET /v1/albums/{albumId}/tracks/{id}',
        'POST /v1/albums/{albumId}/tracks',
        'POST /v1/albums/{albumId}/tracks/order',
        'POST /v1/albums/{albumId}/tracks/{id}',
        'DELETE /v1/albums/{albumId}/tracks/{id}',
        'POST /v1/albums/{albumId}/tracks/{id}/audio',
        'GET /v2/tracks',
        'GET /v1/tracks/{id}',
        'GET /v1/media/audio/{id}/{file}',
        'GET /v1/admin/reviews',
        'GET /v1/admin/reviews/{albumId}',
        'POST /v1/admin/reviews/{albumId}/accept',
        'POST /v1/admin/reviews/{albumId}/reject',
        // docs/decisions/0019-account-security-and-identity.md
        'POST /v1/users/me/email',
        'POST /v1/users/me/password',
        'POST /v1/users/me/second-step/totp',
        'POST /v1/users/me/second-step/totp/confirm',
        'DELETE /v1/users/me/second-step',
        'GET /v1/sessions',
        'DELETE /v1/sessions/{id}',
        'POST /v1/verifications',
        'GET /v1/verifications/current',
        // docs/decisions/0038-trends-api.md and 0037-stream-facts.md
        'GET /v1/trends/streams/total',
        'GET /v1/trends/streams/series',
        'GET /v1/trends/streams/statistics',
        'GET /v1/trends/playlist-streams/series',
        'GET /v1/trends/playlist-streams/statistics',
        'POST /v1/admin/reports',
        'GET /v1/admin/reports',
        'GET /v1/admin/reports/{id}',
        'GET /v1/admin/reports/{id}/unmatched',
        // docs/decisions/0042-ledger-and-periods.md and 0043-plans-and-fees.md
        'GET /v1/admin/periods',
        'GET /v1/admin/periods/{id}',
        'PUT /v1/admin/periods/{id}/rates/{currency}',
        'POST /v1/admin/periods/{id}/close-preview',
        'POST /v1/admin/rate-tables',
        'POST /v1/admin/rate-tables/preview',
        'POST /v1/admin/periods/{id}/close',
        'GET /v1/reporting/plans/standard',
        'GET /v1/reporting/plans',
        'GET /v2/reporting/licenses',
        'POST /v1/reporting/licenses/suggestions',
        'GET /v2/reporting/distribution-fees',
        'GET /v1/reporting/distribution-fees/{id}/collections',
        'GET /v1/albums/{id}/distribution-fee',
        'GET /v1/wallet',
        'GET /v1/wallet/earnings',
        'GET /v2/wallet/mutations',
        'GET /v2/wallet/mutations/export',
        'GET /v1/wallet/periods/{id}',
        // docs/decisions/0045-royalty-splits.md
        'GET /v1/splits',
        'GET /v1/splits/{id}',
        'GET /v1/albums/{id}/splits',
        'PUT /v1/albums/{id}/splits',
        'POST /v1/splits/{id}/participants/{participantId}/resend',
        'POST /v1/splits/{id}/participants/{participantId}/revoke',
        'GET /v1/splits/invites/{code}',
        'POST /v1/splits/invites/{code}/accept',
        'POST /v1/splits/invites/{code}/decline',
        'POST /v1/splits/invite-opt-outs',
        'GET /v1/wallet/periods/{id}/export',
        // docs/decisions/0046-payouts.md
        'GET /v1/payment-methods',
        'POST /v1/payment-methods',
        'DELETE /v1/payment-methods/{id}',
        'GET /v1/billing-details',
        'PUT /v1/billing-details',
        'GET /v1/payouts/eligibility',
        'POST /v1/payouts',
        'GET /v2/payouts',
        'GET /v1/payouts/{id}',
        'GET /v1/wallet/invoices/{id}',
        'GET /v1/wallet/invoices/{id}/pdf',
        'POST /v1/simulator/payouts/{id}/outcome',
        // docs/decisions/0048-payments.md
        'POST /v1/payments',
        'GET /v1/payments/{id}',
        'POST /v1/payments/webhooks/simulator',
        'GET /v1/simulator/checkout/{id}',
        'POST /v1/simulator/checkout/{id}/pay',
        'POST /v1/simulator/checkout/{id}/decline',
        'GET /v1/payment-method-setups/{id}',
        'POST /v1/payments/webhooks/stripe',
        'GET /v1/simulator/setup/{id}',
        'POST /v1/simulator/setup/{id}/save',
        'POST /v1/simulator/setup/{id}/cancel',
        // docs/decisions/0085-metrics-and-operator-view.md
        'GET /metrics',
        'GET /v1/admin/operations',
        'GET /v1/admin/operations/failed-jobs',
        'POST /v1/admin/operations/failed-jobs/{queue}/{id}/retry',
        'GET /v1/admin/operations/failed-deliveries',
        // docs/decisions/0088-webhooks.md
        'GET /v1/webhooks',
        'POST /v1/webhooks',
        'PATCH /v1/webhooks/{id}',
        'DELETE /v1/webhooks/{id}',
        'POST /v1/webhooks/{id}/secret',
        'GET /v1/webhooks/{id}/deliveries',
        'POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend',
        'GET /test/boom',
      ].sort(),
    );
    const login = document.paths['/v1/sessions']!.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('lists each webhook event with its envelope in the OpenAPI 3.1 webhooks section', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json() as {
      openapi: string;
      webhooks: Record<
        string,
        {
          post: {
            parameters: { name: string }[];
            requestBody: {
              content: {
                'application/json': { schema: { required: string[]; properties: Record<string, unknown> } };
              };
            };
          };
        }
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const settled = document.webhooks['payout.settled']!.post;
    expect(settled.parameters.map((parameter) => parameter.name)).toEqual([
      'tunehouse-signature',
      'tunehouse-event-id',
      'tunehouse-event-type',
    ]);
    const schema = settled.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(schema.properties.type).toMatchObject({ const: 'payout.settled' });
  });

  it('documents a file answer by its media type, as a binary body', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const labelCopy = document.paths['/v1/albums/{id}/labelcopy.pdf']!.get!.responses['200']!;
    expect(labelCopy.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    const typesOf = (path: string) => Object.keys(document.paths[path]!.get!.responses['200']!.content ?? {});
    expect(typesOf('/v1/media/images/{id}/{file}')).toEqual(['image/*']);
    expect(typesOf('/v1/media/audio/{id}/{file}')).toEqual(['audio/*']);
    expect(typesOf('/v1/simulator/stores/{platform}/{platformId}')).toEqual(['text/html']);
    expect(typesOf('/v1/wallet/invoices/{id}/pdf')).toEqual(['application/pdf']);
    expect(typesOf('/v2/wallet/mutations/export')).toEqual(['text/csv']);
    expect(typesOf('/metrics')).toEqual(['text/plain']);
    expect(typesOf('/v1/wallet/periods/{id}/export')).toEqual(['text/csv', 'application/pdf']);
  });
});

describe('compression', () => {
  it('sends a JSON answer over 1 KB brotli- or gzip-encoded, as the client accepts, and the same JSON', async () => {
    const plain = await t.app.inject({ url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves small answers, errors and media as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    for (const url of ['/health', '/v1/nothing-here', '/test/audio']) {
      const response = await t.app.inject({ url, headers });
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
    const audio = await t.app.inject({ url: '/test/audio', headers });
    expect(audio.rawPayload.length).toBe(8192);
    // The security headers go out on a compressed answer too.
    const docs = await t.app.inject({ url: '/docs/json', headers });
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
