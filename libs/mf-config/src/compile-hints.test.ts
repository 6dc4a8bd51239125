import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { runBuild } from './testing/run-build.js';
import { SourceMapConsumer } from 'source-map-js';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, CompileHintsPlugin } from './compile-hints.js';
import { PrecompressPlugin } from './precompress.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A real minified rspack build: an entry on three lines, and a lazily imported chunk named 'chart'. */
async function build(): Promise<string> {
  const src = path.join(dir, 'src');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(
    path.join(src, 'main.js'),
    [
      "const words = ['a', 'b'];",
      "window.addEventListener('click', () => console.log('entry-marker', words.join(' ')));",
      'import(/* webpackChunkName: "chart" */ \'./chart.js\').then((chart) => chart.draw());',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(src, 'chart.js'), "export function draw() { console.log('chart-marker'); }\n");
  const out = path.join(dir, 'dist');
  await runBuild({
    mode: 'production',
    context: dir,
    entry: './src/main.js',
    devtool: 'source-map',
    output: { path: out, filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new CompileHintsPlugin((file) => !file.startsWith('chart.')), new PrecompressPlugin()],
  });
  return out;
}

describe('CompileHintsPlugin', () => {
  it('puts the hint on the first line of the scripts it is told, keeping source maps and compressed copies true', async () => {
    const out = await build();
    const files = fs.readdirSync(out);
    const main = files.find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file))!;
    const chart = files.find((file) => /^chart\.[0-9a-f]{8}\.js$/.test(file))!;
    const code = fs.readFileSync(path.join(out, main), 'utf8');
    expect(code.startsWith(COMPILE_HINT)).toBe(true);
    expect(fs.readFileSync(path.join(out, chart), 'utf8')).not.toContain('allFunctionsCalledOnLoad');

    // The minifier ran first (the hint would not survive it), and the map accounts for the hint's line.
    const lines = code.split('\n');
    expect(lines).toHaveLength(3);
    const line = lines.findIndex((text) => text.includes('entry-marker'));
    expect(line).toBeGreaterThan(0);
    const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(out, `${main}.map`), 'utf8')));
    const original = map.originalPositionFor({
      line: line + 1,
      column: lines[line]!.indexOf('entry-marker'),
    });
    expect(original.source).toMatch(/src\/main\.js$/);
    expect(original.line).toBe(2);

    const br = fs.readFileSync(path.join(out, `${main}.br`));
    expect(zlib.brotliDecompressSync(br).toString('utf8')).toBe(code);
  });
});
