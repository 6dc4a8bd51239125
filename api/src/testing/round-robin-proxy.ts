import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Which upstream answered each request, in order (0, 1, …). */
  answeredBy: number[];
  close: () => Promise<void>;
};

/**
 * The load balancer in front of several API processes, as simple as one can be: each request goes to the next
 * upstream in turn, and the answer says which one served it (`x-served-by`).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const answeredBy: number[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = new URL(request.url ?? '/', upstreams[index]);
    const forwarded = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host }, agent },
      (upstream) => {
        answeredBy.push(index);
        response.writeHead(upstream.statusCode ?? 502, { ...upstream.headers, 'x-served-by': String(index) });
        upstream.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
