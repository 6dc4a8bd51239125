// A Sentry-compatible receiver for tests: node:http, the envelope endpoint of one project, every envelope kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedEnvelope = {
  /** The X-Sentry-Auth header (or the sentry_key query parameter a browser sends). */
  auth: string;
  header: Record<string, unknown>;
  items: { header: { type?: string }; payload: Record<string, unknown> }[];
  /** The envelope as it came, for "nothing personal in it" checks. */
  raw: string;
};

export async function startEnvelopeReceiver(projectId = '42'): Promise<{
  /** The DSN to configure: http://<key>@127.0.0.1:<port>/<project id>. */
  dsn: string;
  envelopes: ReceivedEnvelope[];
  close: () => Promise<void>;
}> {
  const envelopes: ReceivedEnvelope[] = [];
  const server = http.createServer((request, response) => {
    // Browsers post across origins: answer the preflight and allow the origin, as Sentry does.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, x-sentry-auth');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const url = new URL(request.url ?? '/', 'http://receiver');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || url.pathname !== `/api/${projectId}/envelope/`) {
        return void response.writeHead(404).end();
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '{}', ...rest] = raw.split('\n').filter((line) => line.trim() !== '');
      const items: ReceivedEnvelope['items'] = [];
      for (let index = 0; index + 1 < rest.length; index += 2) {
        items.push({ header: JSON.parse(rest[index]!), payload: JSON.parse(rest[index + 1]!) });
      }
      envelopes.push({
        auth: String(request.headers['x-sentry-auth'] ?? url.searchParams.get('sentry_key') ?? ''),
        header: JSON.parse(head) as Record<string, unknown>,
        items,
        raw,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/${projectId}`,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
