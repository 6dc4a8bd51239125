// Serves the bench-only single bundle on a free loopback port with the registry and shell configuration of the
// federated stack it is compared with (`from`, the federated shell's URL), so both run the same shell code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, createStaticServer, listen } from '../../start/static-server.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');

export const singleBundleBuilt = () => fs.existsSync(path.join(dist, 'index.html'));

export async function startSingleBundle(from) {
  const registry = await (await fetch(`${from}/remotes.json`)).json();
  const config = await (await fetch(`${from}/shell-config.json`)).json();
  const server = createStaticServer(dist, {
    contentSecurityPolicy: () => "default-src 'self'; style-src 'self' 'unsafe-inline'; connect-src *",
    extra(req, res) {
      const pathname = new URL(req.url, 'http://x').pathname;
      const body = { '/remotes.json': registry, '/shell-config.json': config }[pathname];
      if (!body) return false;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(body));
      return true;
    },
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, close: () => close(server) };
}
