// `npm run ingest -- <files...>`: loads platform reports (DDEX DSR flat files, Tunehouse CSV) into the trends facts
// of the embedded database (started for the purpose, or the running API's) or of DATABASE_URL, resolving ISRCs and
// UPCs against the catalogue. `npm run ingest -- --scale N` builds benchmark-size data in a database of its own.
// docs/decisions/0037-stream-facts.md
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createSqlCatalogue, type LoadResult, loadReportFile } from '../domains/reports/index.js';
import { DEMO_TRENDS_SEED } from '../seed/demo-trends.js';
import { loadConfig } from '../platform/config.js';
import { provideDatabase } from '../platform/database.js';
import { createPool, ignoreConnectionErrors } from '../platform/db.js';
import { migrate } from '../platform/migrations.js';
import { runTrendsBenchmark } from './bench/trends.js';
import { createProgressBar } from './progress.js';

const HELP = `Usage:
  npm run ingest -- <file...> [--format csv|dsr]
      Load platform reports: DDEX DSR flat files (.tsv) and Tunehouse CSV (.csv). The same content twice is
      loaded once. Lines whose ISRC/UPC match nothing are kept for the admins (GET /v1/admin/reports).
  npm run ingest -- --scale N [--days D] [--seed S]
      Benchmark: N x 1,000 synthetic tracks over D days (365) in the database tunehouse_bench (recreated),
      then table sizes and query timings.
Database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (the running API's server is reused).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string' },
    scale: { type: 'string' },
    days: { type: 'string', default: '365' },
    seed: { type: 'string', default: String(DEMO_TRENDS_SEED) },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values.help || (!positionals.length && values.scale === undefined)) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}
const format =
  values.format === undefined ? undefined : ({ csv: 'CSV', dsr: 'DDEX_DSR' } as const)[values.format];
if (values.format !== undefined && !format) fail(`--format is csv or dsr, not ${values.format}`);
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && !(scale > 0 && scale <= 100))
  fail('--scale is a number of thousands of tracks, 0 < N ≤ 100');
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 3660) fail('--days is a whole number of days, 1 to 3660');
const seed = Number(values.seed);
if (!Number.isInteger(seed)) fail('--seed is a whole number');

// npm runs scripts from the project root; files are named relative to where the command was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();
const files = positionals.map((file) => path.resolve(cwd, file));
for (const file of files)
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) fail(`No such file: ${file}`);

const config = loadConfig();
const database = await provideDatabase(config, (message) => console.error(message));
let exitCode = 0;
try {
  if (scale !== undefined) await benchmark(database.url, scale);
  else await ingest(database.url);
} finally {
  await database.stop();
}
process.exit(exitCode);

async function ingest(url: string) {
  // Two connections at least: partitions are created beside the load's transaction.
  const db = createPool(url, 3);
  try {
    const applied = await migrate(db);
    if (applied.length) console.error(`Migrations applied: ${applied.join(', ')}`);
    const catalogue = createSqlCatalogue(db);
    const results: LoadResult[] = [];
    let failed = 0;
    for (const file of files) {
      const size = fs.statSync(file).size;
      const bar = createProgressBar(path.basename(file), size);
      let bytes = 0;
      try {
        const result = await loadReportFile(db, file, {
          catalogue,
          ...(format ? { format } : {}),
          wrapInput: (input) =>
            input.pipe(
              new Transform({
                transform(chunk: Buffer, _encoding, callback) {
                  bytes += chunk.length;
                  bar.update({ bytes });
                  callback(null, chunk);
                },
              }),
            ),
          onProgress: ({ rows }) => bar.update({ rows }),
        });
        bar.update({ rows: result.rows });
        bar.done();
        results.push(result);
        console.log(
          result.status === 'DUPLICATE'
            ? `${path.basename(file)}: already loaded (same content as ${result.duplicateOf?.name}, ` +
                `${result.duplicateOf?.loadedAt?.toISOString() ?? 'earlier'}): skipped`
            : `${path.basename(file)}: ${result.format}, ${result.rows} rows, ${result.matched} matched, ` +
                `${result.unmatched} unmatched, ${result.skipped} skipped (not streams), ` +
                `${result.streams.toLocaleString('en-US')} streams ${result.firstDay ?? ''}..${result.lastDay ?? ''} ` +
                `in ${(result.milliseconds / 1000).toFixed(1)} s`,
        );
      } catch (error) {
        bar.done();
        failed += 1;
        console.error(`${path.basename(file)}: not loaded — ${(error as Error).message}`);
      }
    }
    const loaded = results.filter((result) => result.status === 'LOADED');
    const sum = (key: 'rows' | 'matched' | 'unmatched' | 'skipped' | 'streams') =>
      loaded.reduce((total, result) => total + result[key], 0).toLocaleString('en-US');
    console.log(
      `\n${files.length} file(s): ${loaded.length} loaded, ${results.length - loaded.length} skipped as duplicates, ` +
        `${failed} failed. Rows ${sum('rows')}, matched ${sum('matched')}, unmatched ${sum('unmatched')}, ` +
        `skipped ${sum('skipped')}, streams ${sum('streams')}.`,
    );
    if (failed) exitCode = 1;
  } finally {
    await db.end();
  }
}

async function benchmark(url: string, thousands: number) {
  const name = 'tunehouse_bench';
  const admin = new pg.Client({ connectionString: url });
  ignoreConnectionErrors(admin);
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const db = createPool(benchUrl.toString(), 3);
  try {
    await migrate(db);
    const bar = createProgressBar('demo facts', null);
    let barOpen = true;
    await runTrendsBenchmark(db, {
      scale: thousands,
      seed,
      days,
      onProgress: (rows) => bar.update({ rows }),
      log: (line) => {
        if (barOpen && !line.startsWith('Benchmark:')) {
          bar.done();
          barOpen = false;
        }
        console.log(line);
      },
    });
    console.log(`(database ${name}; drop it when done: it is recreated by every benchmark run)`);
  } finally {
    await db.end();
  }
}
