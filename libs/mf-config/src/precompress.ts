import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

/**
 * What a browser fetches as text and compresses well: scripts, styles, the HTML page, JSON (the federation
 * manifest) and SVG. Images, audio and woff2 are compressed already; source maps are left out because only an
 * open developer tools panel fetches them and brotli's best level on megabytes of maps would double the build.
 */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|txt)$/;

/** A variant is written only when it saves at least a fifth (a tiny file can grow when compressed). */
const MIN_RATIO = 0.8;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The two encodings, best first, as a static server looks for them beside the file. */
export async function compressVariants(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible asset of the build, at the highest levels (done once
 * per build, not per request), for servers that send a precompressed file when the browser accepts it: sirv in
 * `npm start` (brotli and gzip), nginx's gzip_static in the web image, the gzip body uploaded to S3
 * (docs/decisions/0064-compressed-transfers-and-cheap-prefetch.md). node:zlib rather than compression-webpack-plugin,
 * whose peer dependency on webpack 5 brings webpack and 46 other packages into every install for this loop.
 * It runs at the last stage of processAssets, after the HTML page and the federation manifest are emitted.
 */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: PrecompressPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const assets = compilation.getAssets().filter(({ name }) => COMPRESSIBLE.test(name));
          await Promise.all(
            assets.map(async ({ name, source }) => {
              const bytes = source.buffer();
              const variants = await compressVariants(bytes);
              for (const [extension, compressed] of Object.entries(variants))
                if (compressed.length < bytes.length * MIN_RATIO)
                  compilation.emitAsset(`${name}.${extension}`, new sources.RawSource(compressed));
            }),
          );
        },
      );
    });
  }
}
