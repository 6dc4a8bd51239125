// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.js';

let server: http.Server;
let baseUrl = '';
const received: { method: string; bytes: number; authorization?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    // As the API allows them (its CORS in api/src/wiring/http-plugins.ts), traceparent included.
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept, traceparent');
    res.setHeader('Access-Control-Expose-Headers', 'x-answer');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push({ method: req.method ?? '', bytes, authorization: req.headers.authorization });
      if (req.url === '/v1/empty') return res.writeHead(204).end();
      if (req.url === '/v1/refused')
        return res.writeHead(415, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            error: {
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'Not an image',
              details: [{ path: ['body', 'image'], message: 'Use JPG or PNG' }],
            },
          }),
        );
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'X-Answer': 'yes' })
        .end(JSON.stringify({ bytes }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const upload = () => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(256 * 1024)], { type: 'image/png' }), 'cover.png');
  return form;
};

describe('uploads with progress (XMLHttpRequest)', () => {
  it('reports the bytes sent up to the whole body and answers like fetch', async () => {
    const client = createApiClient({ baseUrl, botCheck: null, accessToken: async () => 'token-1' });
    const progress: [number, number][] = [];
    const answer = await client.request<{ bytes: number }>({
      method: 'POST',
      path: '/v1/artists/7/image',
      body: upload(),
      onUploadProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(answer.bytes).toBeGreaterThan(256 * 1024);
    expect(progress.length).toBeGreaterThan(0);
    const [loaded, total] = progress.at(-1)!;
    expect(loaded).toBe(total);
    expect(received.at(-1)).toMatchObject({ method: 'POST', authorization: 'Bearer token-1' });
  });

  it('keeps the error catalogue and 204 handling on that path', async () => {
    const client = createApiClient({ baseUrl, botCheck: null });
    const onUploadProgress = () => undefined;
    await expect(
      client.request({ method: 'POST', path: '/v1/empty', body: upload(), onUploadProgress }),
    ).resolves.toBeUndefined();
    await expect(
      client.request({ method: 'POST', path: '/v1/refused', body: upload(), onUploadProgress }),
    ).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ path: ['body', 'image'] }],
    });
  });
});
