import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A GET as a browser sends it, with the bytes as they came over the wire: fetch() decodes a compressed body
 * itself, so a test of Content-Encoding needs the raw answer. `body` is decoded by its Content-Encoding.
 */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(wire)
              : encoding === 'gzip'
                ? zlib.gunzipSync(wire)
                : wire;
          resolve({ status: res.statusCode, headers: res.headers, wire, body });
        });
      })
      .on('error', reject);
  });
}
