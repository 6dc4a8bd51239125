import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One answer: status, JSON body and headers; or `'drop'` to close the connection without answering. */
export type ScriptedAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop';

/**
 * A real HTTP server on loopback that answers each request with the next scripted answer (the last repeats), or
 * with what `answer` decides, and records every request.
 */
export async function startScriptedServer(
  answer: ScriptedAnswer[] | ((request: SeenRequest) => ScriptedAnswer),
): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const script = Array.isArray(answer) ? [...answer] : [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: SeenRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const next =
        typeof answer === 'function' ? answer(entry) : script.length > 1 ? script.shift()! : script[0];
      if (next === undefined) throw new Error('no scripted answer');
      if (next === 'drop') {
        request.socket.destroy();
        return;
      }
      const body = next.body === undefined ? '' : JSON.stringify(next.body);
      response.writeHead(next.status, {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...next.headers,
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
