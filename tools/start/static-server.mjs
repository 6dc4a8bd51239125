import http from 'node:http';
import sirv from 'sirv';
import { BASE_HEADERS, areaContentSecurityPolicy } from './security-headers.mjs';

/**
 * Files whose name does not change between builds must be revalidated; hashed chunks are immutable. A path
 * without a file extension (`/`, a route) is the HTML page.
 */
const MUTABLE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|[^/]+\.json)$|(^|\/)[^/.]*$/;

/**
 * Serves one app's build folder from its own origin, as a CDN would: CORS open for the shell's fetch of
 * the manifest, SPA fallback to index.html, long caching for content-hashed files, and the security headers
 * (security-headers.mjs). `extra` may answer a request first (the shell's generated registry and config);
 * `contentSecurityPolicy()` gives the policy (an area's own by default).
 */
export function createStaticServer(
  dir,
  { extra, contentSecurityPolicy = areaContentSecurityPolicy, files = staticFiles(dir) } = {},
) {
  return http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy());
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      });
      res.end();
      return;
    }
    if (extra?.(req, res)) return;
    files(req, res, () => {
      if (!req.headers.accept?.includes('text/html')) {
        res.writeHead(404);
        res.end('Not found');
        return;
      }
      req.url = '/index.html';
      files(req, res, () => {
        res.writeHead(404);
        res.end('Not found');
      });
    });
  });
}

/**
 * The files of one build folder as a CDN serves them: CORS open (the shell fetches manifests and loads entry scripts
 * with `crossorigin`, which Subresource Integrity needs), long caching for content-hashed files, revalidation for
 * the rest. sirv lists the folder once, when this is called.
 */
export function staticFiles(dir) {
  return sirv(dir, {
    // No `single`: sirv skips its fallback for paths with an extension, yet `/wallet/invoices/9/invoice.pdf`
    // is a route. Any HTML navigation that is not a file gets index.html (createStaticServer).
    dev: false,
    etag: true,
    gzip: false,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader(
        'Cache-Control',
        MUTABLE.test(pathname) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });
}

export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

export function close(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}
