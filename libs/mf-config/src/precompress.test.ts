import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rspack, type Compiler } from '@rspack/core';
import { runBuild } from './testing/run-build.js';
import { afterAll, describe, expect, it } from 'vitest';
import { PrecompressPlugin } from './precompress.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A real rspack build of a small app: a script worth compressing, its source map, an HTML page, a tiny JSON. */
async function build(): Promise<string> {
  const src = path.join(dir, 'src');
  fs.mkdirSync(src, { recursive: true });
  const words = Array.from({ length: 400 }, (_, i) => `'word number ${i} of a long list'`).join(',\n');
  fs.writeFileSync(path.join(src, 'main.js'), `console.log([${words}].join(' '));\n`);
  const out = path.join(dir, 'dist');
  await runBuild({
    mode: 'production',
    context: dir,
    entry: './src/main.js',
    devtool: 'source-map',
    output: { path: out, filename: '[name].[contenthash:8].js' },
    plugins: [
      new rspack.HtmlRspackPlugin({ title: 'a page '.repeat(200) }),
      {
        apply(compiler: Compiler) {
          compiler.hooks.thisCompilation.tap('tiny', (compilation) =>
            compilation.hooks.processAssets.tap('tiny', () =>
              compilation.emitAsset('tiny.json', new compiler.webpack.sources.RawSource('{"a":1}')),
            ),
          );
        },
      },
      new PrecompressPlugin(),
    ],
  });
  return out;
}

describe('PrecompressPlugin', () => {
  it('writes .br and .gz beside scripts and pages that decode to the same bytes; not beside maps or tiny files', async () => {
    const out = await build();
    const files = fs.readdirSync(out);
    const script = files.find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file))!;
    for (const file of [script, 'index.html']) {
      const original = fs.readFileSync(path.join(out, file));
      const br = fs.readFileSync(path.join(out, `${file}.br`));
      const gz = fs.readFileSync(path.join(out, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length / 3);
    }
    expect(files).toContain(`${script}.map`);
    expect(files.filter((file) => /\.map\.(br|gz)$/.test(file))).toEqual([]);
    expect(files).toContain('tiny.json');
    expect(files.filter((file) => file.startsWith('tiny.json.'))).toEqual([]);
  });
});
