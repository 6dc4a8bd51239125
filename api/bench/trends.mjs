// `npm run bench:trends`: issue 7's trends benchmark (docs/decisions/0038-trends-api.md, "Benchmark").
//
// 1. Build: one label account holding the whole synthetic catalogue (default 2,000 tracks, 730 days, about 50 M
//    daily fact rows), its facts loaded through the loader in chunks of tracks (the same COPY, merge and rollups as
//    a report), with progress. Resumable: every chunk is a report file of its own identity. With --bulk, the same
//    facts without the loader (tools/bench/trends-bulk.ts: COPY, then each rollup by INSERT … SELECT … GROUP BY),
//    25–49 K rows/s against the loader's 10–28 K on this shared 2-core machine (0052); trends-bulk.test.ts checks
//    both builds give the same tables row for row.
// 2. Queries: the five trends endpoints (statistics with bucket_by track, platform and territory) for the 28 days
//    and the 12 months (365 days) up to the data's last day, over real HTTP: the built app listens on loopback in
//    this process, the label signs in (POST /v1/sessions) and its bearer token is sent; one request at a time,
//    warm-up first, then --samples timed requests each; p50/p95 against issue 18's targets (p95 ≤ 50 ms for 28
//    days, ≤ 150 ms for 12 months).
// 3. Ingest: DDEX DSR flat files (BasicAudioProfile) of about --ingest-lines usage lines, one file a day, loaded
//    together with loadReportFiles (hash, parse, resolve ISRCs against the catalogue tables, stage each file, one
//    merge into the full tables and rollups, commit), against a raw COPY of the same rows (the facts' columns) into a
//    plain table on the same database; rows/s of both and their ratio (target ≥ 0.5). The ingest's days lie 70 days before the data,
//    in weeks and months that hold nothing else, and are removed afterwards, so a kept database stays as built.
//
// Database: a temporary embedded PostgreSQL in a temporary folder (deleted at the end), or with --keep DIR one kept
// in DIR and reused by the next run with --keep DIR (the build is skipped: only the queries and the ingest run).
// With DATABASE_URL, the database tunehouse_bench_trends on that server (dropped at the end unless --keep).
// Runs on api/dist (the root script builds it first). Figures, not assertions: the exit code is 0 when targets
// are missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { endpoints, urlOf } from '@tunehouse/contracts';

const trends = endpoints.trends;
import { benchArgs } from './bench-options.mjs';
import { loadAverage, writeFigures } from './figures.mjs';

const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const HELP = `Usage: npm run bench:trends -- [options]
  --tracks N          tracks of the label (2000)
  --days D            days of data up to --to (730)
  --scale X           audience multiplier of the demo model (1)
  --seed S            (20240301)
  --to YYYY-MM-DD     last day of the data (yesterday; pinned in a kept database)
  --chunk N           tracks per load while building (100)
  --samples N         timed requests per endpoint and range (30), after 3 warm-up requests
  --ingest-lines N    usage lines in the DSR files of the ingest benchmark (1000000; 0 skips it)
  --keep DIR          keep the database in DIR and reuse it on the next run (no rebuild)
  --small             a quick run: 200 tracks, 400 days, 100,000 ingest lines, 30 samples
  --skip-queries      build (and ingest) only
  --bulk              build without the loader: the same facts COPYed in, the rollups computed set-based
                      (docs/decisions/0052-trends-at-scale.md: 53 M rows in 19–35 min)
  --ingest-per-file   load the ingest's files one at a time, each with its own merge (as before issue 18)`;

const { args, number } = benchArgs(
  {
    tracks: { type: 'string' },
    days: { type: 'string' },
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20240301' },
    to: { type: 'string' },
    chunk: { type: 'string', default: '100' },
    samples: { type: 'string', default: '30' },
    'ingest-lines': { type: 'string' },
    keep: { type: 'string' },
    small: { type: 'boolean', default: false },
    'skip-queries': { type: 'boolean', default: false },
    bulk: { type: 'boolean', default: false },
    'ingest-per-file': { type: 'boolean', default: false },
  },
  HELP,
);
const TRACKS = Math.round(number(args.tracks, args.small ? 200 : 2000, 'tracks', 1, 100_000));
const DAYS = Math.round(number(args.days, args.small ? 400 : 730, 'days', 56, 1096));
const SCALE = number(args.scale, 1, 'scale', 0.01, 100);
const SEED = Math.round(number(args.seed, 20240301, 'seed', 0, 2 ** 31 - 1));
const CHUNK = Math.round(number(args.chunk, 100, 'chunk', 1, 100_000));
const SAMPLES = Math.round(number(args.samples, 30, 'samples', 1, 10_000));
const INGEST_LINES = Math.round(
  number(args['ingest-lines'], args.small ? 100_000 : 1_000_000, 'ingest-lines', 0, 50_000_000),
);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const TO = args.to ?? yesterday;
if (!/^\d{4}-\d{2}-\d{2}$/.test(TO)) {
  console.error('--to is a day (YYYY-MM-DD)');
  process.exit(2);
}

// Issue 18's targets (issue 7's were 100 and 300 ms).
const TARGETS = { '28 days': 50, '12 months': 150 };
const INGEST_TARGET = 0.5;
const WARM_UP = 3;
const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);

const { buildApp } = await import(dist('app.js'));
const { loadConfig } = await import(dist('platform/config.js'));
const { createPool } = await import(dist('platform/db.js'));
const { startEmbeddedPostgres, ensureDatabase } = await import(dist('platform/embedded-postgres.js'));
const { startJobs } = await import(dist('platform/jobs.js'));
const { migrate } = await import(dist('platform/migrations.js'));
const { hashPassword } = await import(dist('platform/passwords.js'));
const { insertUser } = await import(dist('domains/users/repository.js'));
const bench = await import(dist('tools/bench/trends.js'));
const { builtInBulk, bulkBuildLabelFacts } = await import(dist('tools/bench/trends-bulk.js'));
const { addDays, createSqlCatalogue, loadReportFile, loadReportFiles } = await import(
  dist('domains/reports/index.js')
);

// ---- The database -------------------------------------------------------------------------------------------
const keepDir = args.keep ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args.keep) : null;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-trends-'));
let server = null;
let url;
let dropDatabase = null;
if (process.env.DATABASE_URL) {
  const name = 'tunehouse_bench_trends';
  const serverUrl = new URL(process.env.DATABASE_URL);
  serverUrl.pathname = '/postgres';
  await ensureDatabase(serverUrl.toString(), name);
  const benchUrl = new URL(process.env.DATABASE_URL);
  benchUrl.pathname = `/${name}`;
  url = benchUrl.toString();
  if (!keepDir)
    dropDatabase = async () => {
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  log(`Database ${name} on DATABASE_URL's server${keepDir ? ' (kept)' : ' (dropped at the end)'}`);
} else {
  const dir = keepDir ?? workDir;
  fs.mkdirSync(dir, { recursive: true });
  server = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: 20_000 + Math.floor(Math.random() * 20_000),
    secretsDir: dir,
    log,
  });
  await ensureDatabase(server.urlFor('postgres'), 'bench');
  url = server.urlFor('bench');
  if (args.bulk) {
    // The bench's own cluster: a bulk build writes tens of GB; a checkpoint per 1 GB of WAL (the default) would
    // rewrite whole pages after each one. Queries are unaffected.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("ALTER SYSTEM SET max_wal_size = '16GB'");
    await admin.query("ALTER SYSTEM SET checkpoint_timeout = '30min'");
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
  }
  log(`Embedded PostgreSQL in ${dir}${keepDir ? ' (kept)' : ' (temporary)'}`);
}

const db = createPool(url, 10);
let jobs = null;
let app = null;
try {
  await migrate(db);
  const { rows: versions } = await db.query(
    "SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS buffers",
  );
  log(`PostgreSQL ${versions[0].version}, shared_buffers ${versions[0].buffers}; Node ${process.version}`);

  // ---- 1. Build -----------------------------------------------------------------------------------------------
  const label = await bench.ensureLabel(
    db,
    { tracks: TRACKS, days: DAYS, seed: SEED, scale: SCALE, to: TO },
    { hashPassword, insertUser },
  );
  log(
    `Label: ${TRACKS.toLocaleString('en-US')} tracks, ${label.from}..${label.to} (${DAYS} days), seed ${SEED}, ` +
      `scale ${SCALE}; building facts, ${CHUNK} tracks a load`,
  );
  const buildOptions = { seed: SEED, scale: SCALE, chunkTracks: CHUNK, log };
  // A kept database built in bulk goes on in bulk (the loader would add its chunks on top of the facts).
  const bulk = args.bulk || (await builtInBulk(db));
  const build = bulk
    ? await bulkBuildLabelFacts(db, label, buildOptions)
    : await bench.buildLabelFacts(db, label, buildOptions);
  if (build.loadedChunks)
    log(
      `Built ${build.rows.toLocaleString('en-US')} rows in ${(build.seconds / 60).toFixed(1)} min ` +
        `(${Math.round(build.rows / build.seconds).toLocaleString('en-US')} rows/s ` +
        `${bulk ? 'bulk: COPY and set-based rollups' : 'through the loader'}; load average ${loadAverage()})`,
    );
  else log('Facts already built (kept database)');
  if (keepDir) {
    const { rows: disk } = await db.query('SELECT pg_database_size(current_database())::bigint AS bytes');
    log(`Database size on disk: ${(Number(disk[0].bytes) / 2 ** 30).toFixed(1)} GiB`);
  }
  for (const line of await bench.trendTableSizes(db)) log(line);
  const { rows: own } = await db.query(
    'SELECT count(*)::bigint AS n FROM stream_facts WHERE account_id = $1',
    [label.accountId],
  );
  log(`The label's daily fact rows: ${Number(own[0].n).toLocaleString('en-US')}`);

  // ---- 2. Queries over HTTP -------------------------------------------------------------------------------------
  const results = [];
  if (!args['skip-queries']) {
    jobs = await startJobs({ connectionString: url, background: false });
    const config = loadConfig({
      DATA_DIR: workDir,
      DATABASE_URL: url,
      BOT_CHECK: 'off',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '1000',
      SEED_DEMO: 'false',
    });
    app = await buildApp(config, { db, jobs });
    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${apiUrl}${urlOf(endpoints.sessions.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: label.email, password: label.password }),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const token = (await login.json()).token.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const ranges = {
      '28 days': [addDays(label.to, -27), label.to],
      '12 months': [addDays(label.to, -364), label.to],
    };
    const calls = [
      ['streams/total', urlOf(trends.streamTotal), ''],
      ['streams/series', urlOf(trends.streamSeries), ''],
      ['streams/statistics track', urlOf(trends.streamStatistics), '&bucket_by=track'],
      ['streams/statistics platform', urlOf(trends.streamStatistics), '&bucket_by=platform'],
      ['streams/statistics territory', urlOf(trends.streamStatistics), '&bucket_by=territory'],
      ['playlist-streams/series', urlOf(trends.playlistStreamSeries), ''],
      ['playlist-streams/statistics', urlOf(trends.playlistStreamStatistics), ''],
      ['(streams/series platform, limit 5)', urlOf(trends.streamSeries), '&bucket_by=platform&limit=5'],
    ];
    log(`Queries over HTTP (${apiUrl}), one at a time, ${WARM_UP} warm-up + ${SAMPLES} timed each`);
    for (const [rangeName, [start, end]] of Object.entries(ranges)) {
      for (const [name, route, extra] of calls) {
        const target = `${apiUrl}${route}?start_date=${start}&end_date=${end}${extra}`;
        const times = [];
        let bytes = 0;
        for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
          const t0 = process.hrtime.bigint();
          const response = await fetch(target, { headers });
          const body = await response.text();
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          if (!response.ok) throw new Error(`${name}: ${response.status} ${body.slice(0, 300)}`);
          bytes = body.length;
          if (i >= WARM_UP) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const rank = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
        const result = { range: rangeName, name, p50: rank(50), p95: rank(95), max: times.at(-1), bytes };
        results.push(result);
        log(
          `  ${rangeName.padEnd(9)} ${name.padEnd(36)} p50 ${result.p50.toFixed(1).padStart(7)} ms  ` +
            `p95 ${result.p95.toFixed(1).padStart(7)} ms`,
        );
      }
    }
  }

  // ---- 3. Ingest: DSR files against a raw COPY --------------------------------------------------------------------
  let ingest = null;
  if (INGEST_LINES > 0) {
    const probe = bench.ingestRange(label, 120);
    await bench.clearIngestRange(db, probe);
    log(`Ingest: writing DSR files of ~${INGEST_LINES.toLocaleString('en-US')} usage lines`);
    const files = await bench.writeIngestFiles(db, label, {
      seed: SEED,
      scale: SCALE,
      lines: INGEST_LINES,
      dir: workDir,
    });
    const bytes = files.files.reduce((total, file) => total + fs.statSync(file).size, 0);
    log(
      `  ${files.files.length} files (${(bytes / 1e6).toFixed(0)} MB), ${files.lines.toLocaleString('en-US')} lines, ` +
        `days ${files.firstDay}..${files.lastDay}`,
    );
    const catalogue = createSqlCatalogue(db);
    const phases = new Map();
    let loaded = 0;
    const t0 = Date.now();
    // The day's files in one load: each staged under its own savepoint, one merge for all of them
    // (docs/decisions/0051-ingest-one-merge.md).
    const loadOptions = {
      catalogue,
      onPhase: (phase, ms) => phases.set(phase, (phases.get(phase) ?? 0) + ms),
    };
    const outcomes = [];
    if (args['ingest-per-file'])
      for (const file of files.files)
        outcomes.push({ path: file, result: await loadReportFile(db, file, loadOptions) });
    else outcomes.push(...(await loadReportFiles(db, files.files, loadOptions)));
    for (const outcome of outcomes) {
      if ('error' in outcome) throw new Error(`${path.basename(outcome.path)}: ${outcome.error.message}`);
      const { result } = outcome;
      if (result.status !== 'LOADED' || result.unmatched)
        throw new Error(`${path.basename(outcome.path)}: ${result.status}, ${result.unmatched} unmatched`);
      loaded += result.rows;
    }
    const loaderSeconds = (Date.now() - t0) / 1000;
    if (loaded !== files.lines) throw new Error(`loaded ${loaded} lines of ${files.lines}`);
    const { rows: check } = await db.query(
      `SELECT (SELECT coalesce(sum(streams), 0) FROM stream_facts WHERE day BETWEEN $1 AND $2) AS facts,
              (SELECT coalesce(sum(streams), 0) FROM report_files WHERE name LIKE 'DSR\\_PADPIDA2025BENCHR\\_%') AS files`,
      [files.firstDay, files.lastDay],
    );
    if (check[0].facts !== check[0].files)
      throw new Error(`facts ${check[0].facts} ≠ the files' streams ${check[0].files}`);

    // The same rows COPYed into a plain table (the facts' columns, no index), and into one with the facts'
    // primary key and account index (what landing the rows in an indexed table costs at the least).
    const rawCopy = async (table, indexed) => {
      await db.query(`CREATE TABLE ${table} (day date, track_id uuid, album_id uuid, account_id uuid,
        platform text, territory char(2), streams integer, sub30 integer
        ${indexed ? ', PRIMARY KEY (track_id, day, platform, territory)' : ''})`);
      if (indexed) await db.query(`CREATE INDEX ON ${table} (account_id, day)`);
      const client = await db.connect();
      const t1 = Date.now();
      try {
        await pipeline(
          fs.createReadStream(files.copyFile),
          client.query(copyStreams.from(`COPY ${table} FROM STDIN`)),
        );
      } finally {
        client.release();
      }
      const seconds = (Date.now() - t1) / 1000;
      const { rows: copied } = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
      if (copied[0].n !== files.lines) throw new Error(`COPY wrote ${copied[0].n} rows of ${files.lines}`);
      await db.query(`DROP TABLE ${table}`);
      return seconds;
    };
    const copySeconds = await rawCopy('bench_raw_copy', false);
    const indexedSeconds = await rawCopy('bench_raw_copy_indexed', true);
    ingest = {
      lines: files.lines,
      files: files.files.length,
      loaderSeconds,
      copySeconds,
      indexedSeconds,
      phases: [...phases].map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`).join(', '),
    };
    log(
      `  loader ${Math.round(files.lines / loaderSeconds).toLocaleString('en-US')} rows/s (${loaderSeconds.toFixed(1)} s: ` +
        `${ingest.phases}); raw COPY ${Math.round(files.lines / copySeconds).toLocaleString('en-US')} rows/s ` +
        `(${copySeconds.toFixed(1)} s), into an indexed table ` +
        `${Math.round(files.lines / indexedSeconds).toLocaleString('en-US')} rows/s (${indexedSeconds.toFixed(1)} s)`,
    );
    await bench.clearIngestRange(db, probe);
    // The rollup rows deleted again leave dead tuples: vacuumed, so a kept database stays as it was built.
    for (const table of [
      'stream_facts_weekly',
      'stream_facts_monthly',
      'stream_facts_track_daily',
      'stream_facts_track_weekly',
      'stream_facts_track_monthly',
    ])
      await db.query(`VACUUM ANALYZE ${table}`);
  }

  // ---- Summary ------------------------------------------------------------------------------------------------------
  console.log(
    `\nTrends benchmark: label of ${TRACKS.toLocaleString('en-US')} tracks, ${DAYS} days to ${label.to}, ` +
      `scale ${SCALE}, ${Number(own[0].n).toLocaleString('en-US')} daily fact rows; Node ${process.version}, ` +
      `${os.cpus().length} cores`,
  );
  if (results.length) {
    console.log(`HTTP on loopback, one request at a time, ${SAMPLES} samples after ${WARM_UP} warm-up (ms)`);
    console.log(
      `${'endpoint'.padEnd(36)} ${'28 d p50'.padStart(9)} ${'p95'.padStart(7)} ${''.padEnd(4)} ${'12 m p50'.padStart(9)} ${'p95'.padStart(7)}`,
    );
    for (const name of [...new Set(results.map((r) => r.name))]) {
      const cells = Object.keys(TARGETS).map((range) => {
        const r = results.find((x) => x.name === name && x.range === range);
        const ok = r.p95 <= TARGETS[range] ? 'ok' : 'MISS';
        return `${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(7)} ${ok.padEnd(4)}`;
      });
      console.log(`${name.padEnd(36)} ${cells.join(' ')}`);
    }
    console.log(
      `targets: p95 ≤ ${TARGETS['28 days']} ms (28 days), ≤ ${TARGETS['12 months']} ms (12 months)`,
    );
  }
  if (ingest) {
    const loaderRate = ingest.lines / ingest.loaderSeconds;
    const copyRate = ingest.lines / ingest.copySeconds;
    console.log(
      `Ingest of ${ingest.lines.toLocaleString('en-US')} DSR usage lines in ${ingest.files} files ` +
        `(${args['ingest-per-file'] ? 'one load per file' : 'one load, one merge'}): loader ` +
        `${Math.round(loaderRate).toLocaleString('en-US')} rows/s, raw COPY ${Math.round(copyRate).toLocaleString('en-US')} ` +
        `rows/s, ratio ${(loaderRate / copyRate).toFixed(2)} (target ≥ ${INGEST_TARGET.toFixed(2)}) ` +
        `${loaderRate / copyRate >= INGEST_TARGET ? 'ok' : 'MISS'}`,
    );
    const indexedRate = ingest.lines / ingest.indexedSeconds;
    console.log(
      `  (raw COPY into a table with the facts' primary key and account index: ` +
        `${Math.round(indexedRate).toLocaleString('en-US')} rows/s, ratio ${(loaderRate / indexedRate).toFixed(2)})`,
    );
  }
  console.log(`load average at the end: ${loadAverage()}`);
  const figures = results.map((r) => ({
    name: `${r.name} ${r.range === '28 days' ? '28 d' : '12 m'} p95`,
    value: Number(r.p95.toFixed(1)),
    unit: 'ms',
    budget: TARGETS[r.range],
    better: 'lower',
  }));
  if (ingest)
    figures.push(
      {
        name: 'ingest rows/s',
        value: Math.round(ingest.lines / ingest.loaderSeconds),
        unit: 'rows/s',
        better: 'higher',
      },
      {
        name: 'raw COPY rows/s',
        value: Math.round(ingest.lines / ingest.copySeconds),
        unit: 'rows/s',
        better: 'higher',
      },
      {
        name: 'ingest ÷ raw COPY',
        value: Number((ingest.copySeconds / ingest.loaderSeconds).toFixed(2)),
        unit: '×',
        budget: INGEST_TARGET,
        better: 'higher',
      },
    );
  writeFigures('trends', figures);
  if (keepDir) console.log(`Database kept in ${keepDir}: run again with --keep ${args.keep} to re-measure.`);
} finally {
  if (app) await app.close();
  if (jobs) await jobs.stop();
  await db.end();
  if (server) await server.stop();
  if (dropDatabase) await dropDatabase();
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
