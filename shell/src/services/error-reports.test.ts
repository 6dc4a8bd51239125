// @vitest-environment node
/// <reference types="node" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorReports } from './error-reports.js';

/** A Sentry-compatible receiver on real HTTP: the envelopes the shell posts to project 7. */
let server: http.Server;
let dsn = '';
const received: { url: string; contentType: string; lines: Record<string, unknown>[]; raw: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        contentType: String(request.headers['content-type']),
        lines: raw.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>),
        raw,
      });
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dsn = `http://browserkey@127.0.0.1:${(server.address() as AddressInfo).port}/7`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the shell's error reports", () => {
  it(
    'post an envelope with the area, its version, the route template and the user id only',
    { timeout: 20_000 },
    async () => {
      const reports = createErrorReports({ dsn, userId: () => 'user-17' });
      reports.report(new TypeError("Cannot read 'total' of undefined (mara@example.test)"), {
        area: 'wallet',
        areaVersion: '1.2.3',
        route: '/wallet/payouts/:id',
      });
      // The report loads its envelope code on first use: wait for the receipt itself, not for a fixed time.
      while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toHaveLength(1);
      const [envelope] = received;
      // No preflight: a simple text/plain POST with the key in the query, as Sentry's browser client sends it.
      expect(envelope!.url).toBe('/api/7/envelope/?sentry_key=browserkey&sentry_version=7');
      expect(envelope!.contentType).toContain('text/plain');
      const [header, item, event] = envelope!.lines;
      expect(item).toEqual({ type: 'event' });
      expect(event).toMatchObject({
        event_id: header!.event_id,
        platform: 'javascript',
        release: 'tunehouse-wallet@1.2.3',
        transaction: '/wallet/payouts/:id',
        tags: { area: 'wallet', area_version: '1.2.3', route: '/wallet/payouts/:id' },
        user: { id: 'user-17' },
        exception: { values: [{ type: 'TypeError', value: "Cannot read 'total' of undefined ([email])" }] },
      });
      expect(envelope!.raw).not.toContain('mara@example.test');
    },
  );

  it('do nothing without a DSN', () => {
    const reports = createErrorReports({ dsn: undefined, userId: () => 'user-17' });
    expect(() => reports.report(new Error('x'), { area: 'shell' })).not.toThrow();
  });
});
