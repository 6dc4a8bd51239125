import http from 'node:http';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { BASE_HEADERS, areaContentSecurityPolicy } from './security-headers.mjs';

/**
 * Files whose name does not change between builds must be revalidated; hashed chunks are immutable. A path
 * without a file extension (`/`, a route) is the HTML page.
 */
const MUTABLE = /(^|\/)([^/]+\.html|remoteEntry\.js|mf-manifest\.json|[^/]+\.json)$|(^|\/)[^/.]*$/;

/**
 * Serves one app's build folder from its own origin, as a CDN would: CORS open for the shell's fetch of
 * the manifest, SPA fallback to index.html, long caching for content-hashed files, and the security headers
 * (security-headers.mjs). `extra` may answer a request first (the shell's generated registry and config);
 * `contentSecurityPolicy()` gives the policy (an area's own by default). For a page (an HTML navigation),
 * `page(pathname)` names the file that answers it (index.html by default; the shell's prerendered pages, see
 * shell-pages.mjs) and `pageHeaders(pathname)` adds headers (the shell's preload links).
 */
export function createStaticServer(
  dir,
  {
    extra,
    contentSecurityPolicy = areaContentSecurityPolicy,
    files = staticFiles(dir),
    page = () => '/index.html',
    pageHeaders = () => ({}),
  } = {},
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
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const isPage =
      req.headers.accept?.includes('text/html') && (pathname === '/' || !/\.[^/]*$/.test(pathname));
    if (isPage) for (const [name, value] of Object.entries(pageHeaders(pathname))) res.setHeader(name, value);
    files(req, res, () => {
      if (!req.headers.accept?.includes('text/html')) {
        res.writeHead(404);
        res.end('Not found');
        return;
      }
      req.url = page(pathname);
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
 * the rest. sirv lists the folder once, when this is called, unless `readEachTime`.
 */
export function staticFiles(dir, { readEachTime = false } = {}) {
  return sirv(dir, {
    // No `single`: sirv skips its fallback for paths with an extension, yet `/wallet/invoices/9/invoice.pdf`
    // is a route. Any HTML navigation that is not a file gets index.html (createStaticServer).
    // `readEachTime`: each request looks at the disk instead of the list made at the start (sirv's `dev`).
    dev: readEachTime,
    etag: true,
    // The build writes `<file>.br` and `<file>.gz` beside each compressible file (libs/mf-config precompress.ts):
    // sirv sends the best one the browser accepts, with Content-Encoding and `Vary: Accept-Encoding`.
    brotli: true,
    gzip: true,
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

/** Below this, compressing an answer costs more than it saves (as the API's threshold). */
const COMPRESS_FROM = 1024;

/** The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding = '') {
  const accepted = new Map(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q=/i))
      .filter(([name]) => name)
      .map(([name, q]) => [name.toLowerCase(), q === undefined ? 1 : Number(q)]),
  );
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * An answer made at request time (the shell's generated registry and config), compressed on the fly as the
 * browser accepts when it is large enough; `Vary: Accept-Encoding` either way, for caches in between.
 */
export function sendCompressible(req, res, body, headers) {
  const bytes = Buffer.from(body);
  const encoding = bytes.length >= COMPRESS_FROM ? preferredEncoding(req.headers['accept-encoding']) : null;
  const encoded =
    encoding === 'br'
      ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.gzipSync(bytes)
        : bytes;
  res.writeHead(200, {
    ...headers,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': encoded.length,
  });
  res.end(req.method === 'HEAD' ? undefined : encoded);
}
