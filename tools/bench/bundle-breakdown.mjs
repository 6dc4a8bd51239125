// `node tools/bench/bundle-breakdown.mjs <dist-dir|file.js> ...`: where a built app's JS bytes go. For each
// chunk, its raw and gzip size and the packages (or our own folders) its minified bytes come from, read from the
// chunk's source map (production builds write one beside each chunk). Used to write the per-page tables in
// docs/decisions/0057-web-first-load-budgets.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** `react-dom`, `@tanstack/query-core`, or our own `libs/ui` / `mfe-releases/src/editor`, from a source path. */
export function ownerOf(source) {
  // The federation plugin's generated glue is an inline data: module.
  if (source.startsWith('data:')) return '(federation glue)';
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = clean.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = clean.split('/').filter((part) => part !== '..');
  return parts.slice(0, parts[0] === 'libs' || parts[1] === 'src' ? 3 : 2).join('/');
}

/** Minified bytes of `file` per owner, from its source map (bytes without a mapping count as `(runtime)`). */
export function breakdown(file) {
  const code = fs.readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const owners = new Map();
  const add = (owner, bytes) => owners.set(owner, (owners.get(owner) ?? 0) + bytes);
  if (!fs.existsSync(mapFile)) {
    add('(no source map)', code.length);
    return owners;
  }
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const segments = [];
  consumer.eachMapping((m) => segments.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  let mapped = 0;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    const next = segments[i + 1];
    const lineLength = lines[segment.generatedLine - 1]?.length ?? 0;
    const end = next && next.generatedLine === segment.generatedLine ? next.generatedColumn : lineLength;
    const bytes = Math.max(0, end - segment.generatedColumn);
    mapped += bytes;
    add(segment.source ? ownerOf(segment.source) : '(runtime)', bytes);
  }
  add('(runtime)', Math.max(0, code.length - mapped));
  return owners;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const files = process.argv.slice(2).flatMap((target) =>
    fs.statSync(target).isDirectory()
      ? fs
          .readdirSync(target)
          .filter((name) => name.endsWith('.js'))
          .map((name) => path.join(target, name))
      : [target],
  );
  for (const file of files) {
    const raw = fs.statSync(file).size;
    const gzip = zlib.gzipSync(fs.readFileSync(file)).length;
    const owners = [...breakdown(file)].sort((a, b) => b[1] - a[1]);
    const top = owners
      .filter(([, bytes]) => bytes >= 2048)
      .slice(0, 8)
      .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
      .join(', ');
    console.log(
      `${path.basename(file).padEnd(28)} ${kb(raw).padStart(9)} raw ${kb(gzip).padStart(9)} gzip  ${top}`,
    );
  }
}
