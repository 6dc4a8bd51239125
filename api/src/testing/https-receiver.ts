import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export type Receipt = {
  path: string;
  at: number;
  headers: Record<string, string>;
  body: string;
  answered: number;
};

/**
 * A real local HTTPS server standing for a label's webhook receiver: a certificate made at start for localhost and
 * 127.0.0.1 (give `ca` to the API's delivery worker to trust it), every request recorded with the time it arrived.
 * `answer(path, countSoFar)` decides each status code (200 unless told otherwise).
 */
export async function startHttpsReceiver(
  answer: (path: string, countSoFar: number) => number = () => 200,
): Promise<{ url: string; ca: string; receipts: Receipt[]; close: () => Promise<void> }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const receipts: Receipt[] = [];
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answered = answer(path, receipts.filter((receipt) => receipt.path === path).length);
      receipts.push({
        path,
        at: Date.now(),
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    ca: pems.cert,
    receipts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
