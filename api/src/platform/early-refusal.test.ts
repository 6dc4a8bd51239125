import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createUser, login, multipart } from '../testing/fixtures.js';
import { releaseClient } from '../testing/release-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

/** One request on the given keep-alive agent, as a browser reuses its connection for the next call. */
function send(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: object; body?: Buffer } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(`${base}${url}`, {
        agent,
        method: init.method ?? 'GET',
        headers: { ...init.headers },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      // A refused upload may see its socket closed while it still writes; the answer was already read.
      request.on('error', reject);
      request.setTimeout(10_000, () =>
        request.destroy(new Error('no answer within 10 s: the connection hung')),
      );
      request.end(init.body);
    },
  );
}

it('an upload refused after its first bytes closes the connection, so the next call does not hang', async () => {
  const user = await createUser(t.db);
  const session = await login(t.app, user.email);
  const artist = await releaseClient(t.app).artist(session);
  // A text file named as artwork, large enough that the server stops reading it long before its end.
  const form = multipart([
    {
      name: 'metadata',
      data: JSON.stringify({ title: 'Notes', artists: [{ id: artist.id, role: 'PRIMARY' }] }),
    },
    {
      name: 'artwork',
      filename: 'notes.png',
      type: 'image/png',
      data: Buffer.alloc(8 * 1024 * 1024, 'text '),
    },
  ]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const refused = await send(agent, endpoints.releases.albums.create.path, {
      method: 'POST',
      headers: { ...bearer(session), ...form.headers, 'content-length': String(form.payload.length) },
      body: form.payload,
    }).catch((error: unknown) => ({
      status: -1,
      headers: {} as http.IncomingHttpHeaders,
      body: String(error),
    }));
    expect(refused.status).toBe(415);
    expect(refused.headers.connection).toBe('close');

    const next = await send(agent, endpoints.users.me.path, { headers: bearer(session) });
    expect(next.status).toBe(200);
  } finally {
    agent.destroy();
  }
}, 30_000);
