// `npm run bench:close`: closing one month of the bench:trends label (docs/decisions/0042-ledger-and-periods.md,
// "Benchmark").
//
// 1. Build, on a temporary embedded PostgreSQL (removed at the end): the bench:trends label (default 2,000 tracks,
//    albums released over the 730 days up to the month's last day; its generator, not a copy), a licence for
//    every album through licensing's own publishing path, and the month's revenue lines: one per day, track,
//    platform and territory (about 4 M for 2,000 tracks all released by then), with the demo's per-stream
//    revenue; United States lines in USD, given a rate.
// 2. Close preview (the close computed and rolled back), then the close itself (one transaction): seconds, revenue
//    lines per second, the process's resident memory before and at its peak (sampled every 100 ms), and the
//    period's totals with the conservation identity checked.
// With --splits (or BENCH_SPLITS=1), every album of the label gets a royalty split among 2 to 6 participants
// (accepted, pending and declined ones; docs/decisions/0045-royalty-splits.md): the close preview is timed without
// and with the splits, and the added time is printed (target under 25 % more).
// Runs on api/dist (the root script builds it first). Figures, not assertions: the exit code is 0 when the target
// (under 60 s on 2 cores) is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { correctionShare } from './bench-dsr.mjs';
import { benchArgs } from './bench-options.mjs';

const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const HELP = `Usage: npm run bench:close -- [options]
  --tracks N       tracks of the label (2000)
  --days D         days over which the label's albums were released, up to the month's end (730)
  --month YYYY-MM  the month closed (last month)
  --scale X        audience multiplier of the demo model (1)
  --seed S         (20240301)
  --small          a quick run: 200 tracks
  --splits         split every album among 2 to 6 participants and print the time the splits add
                   (also BENCH_SPLITS=1)
  --corrections N% N % of the revenue lines get a correction line of their own (a chargeback of half their
                   revenue; docs/decisions/0078-corrections-and-negative-balances.md), filed with them`;

const { args, number } = benchArgs(
  {
    tracks: { type: 'string' },
    days: { type: 'string', default: '730' },
    month: { type: 'string' },
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20240301' },
    small: { type: 'boolean', default: false },
    splits: { type: 'boolean', default: false },
    corrections: { type: 'string' },
  },
  HELP,
);
const TRACKS = Math.round(number(args.tracks, args.small ? 200 : 2000, 'tracks', 1, 100_000));
const DAYS = Math.round(number(args.days, 730, 'days', 56, 1096));
const SCALE = number(args.scale, 1, 'scale', 0.01, 100);
const SEED = Math.round(number(args.seed, 20240301, 'seed', 0, 2 ** 31 - 1));
const now = new Date();
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  .toISOString()
  .slice(0, 7);
const MONTH = args.month ?? lastMonth;
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(MONTH)) {
  console.error('--month is a month (YYYY-MM)');
  process.exit(2);
}
const [year, monthNumber] = MONTH.split('-').map(Number);
const MONTH_END = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
const TARGET_SECONDS = 60;
const SPLITS = args.splits || process.env.BENCH_SPLITS === '1';
const SPLITS_TARGET = 0.25;
const USD_RATE_PPB = 925_000_000;
const CORRECTIONS = correctionShare(args.corrections) ?? 0;

const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);
const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`;

const { loadConfig } = await import(dist('platform/config.js'));
const { createPool } = await import(dist('platform/db.js'));
const { startEmbeddedPostgres, ensureDatabase } = await import(dist('platform/embedded-postgres.js'));
const { migrate } = await import(dist('platform/migrations.js'));
const { hashPassword } = await import(dist('platform/passwords.js'));
const { insertUser } = await import(dist('domains/users/repository.js'));
const { ensureLabel } = await import(dist('tools/bench/trends.js'));
const { licenceOnPublish } = await import(dist('domains/licensing/index.js'));
const { createPeriodsService, ownerTakesAll, periodForUsage } = await import(
  dist('domains/periods/index.js')
);
const { generateDemoFacts } = await import(dist('seed/demo-trends.js'));
const { demoRevenueMicro } = await import(dist('seed/demo-revenue.js'));
const { withTransaction } = await import(dist('platform/db.js'));
const { closePortsOfTunehouse } = await import(dist('composition.js'));

/**
 * The month's revenue lines for the label: one per day, track, platform and territory (a daily-granularity report,
 * the heaviest a month can be), from the demo model of the label's stream facts and the demo's per-stream revenue;
 * United States lines in USD. Streamed into COPY, so memory stays flat.
 */
async function writeMonthRevenue(db, catalogue) {
  return withTransaction(db, async (client) => {
    const periodId = await periodForUsage(client, `${MONTH}-01`);
    let usage = 0;
    let written = 0;
    let corrections = 0;
    async function* rows() {
      let chunk = [];
      const facts = generateDemoFacts({
        seed: SEED,
        catalogue,
        from: `${MONTH}-01`,
        to: MONTH_END,
        scale: SCALE,
      });
      for (const fact of facts) {
        if (fact.kind !== 'stream') continue;
        const revenue = demoRevenueMicro(fact.platform, fact.territory, fact.streams, fact.sub30);
        const currency = fact.territory === 'US' ? 'USD' : 'EUR';
        const { trackId, albumId, accountId } = fact.entry;
        const line =
          `${periodId}\t${trackId}\t${albumId}\t${accountId}\t${fact.platform}\t${fact.territory}\t${fact.day}\t` +
          `${fact.day}\t`;
        chunk.push(`${line}${fact.streams}\t${revenue}\t${currency}\tt\tf\n`);
        // A correction of its own for a share of the lines, picked by a multiplicative hash of the line number.
        usage += 1;
        if (((Math.imul(usage, 2654435761) >>> 0) % 10_000) / 10_000 < CORRECTIONS) {
          chunk.push(`${line}0\t${-Math.floor(revenue / 2)}\t${currency}\tt\tt\n`);
          corrections += 1;
        }
        if (chunk.length >= 10_000) {
          const before = written;
          written += chunk.length;
          yield chunk.join('');
          chunk = [];
          if (Math.floor(written / 500_000) > Math.floor(before / 500_000))
            log(`  ${written.toLocaleString('en-US')} lines`);
        }
      }
      written += chunk.length;
      if (chunk.length) yield chunk.join('');
    }
    await pipeline(
      Readable.from(rows()),
      client.query(
        copyStreams.from(
          `COPY revenue_lines (period_id, track_id, album_id, account_id, platform, territory, first_day, last_day,
             streams, revenue_micro, currency, matched, correction) FROM STDIN`,
        ),
      ),
    );
    return { periodId, lines: written, corrections };
  });
}

/**
 * A split on every album of the label, from the month's first day: the owner and 1 to 5 others with 5 to 20 %
 * each, accepted (bound to an account of their own), pending (held for them) or declined, in turn. Written
 * straight into the tables (the PUT's validation is not what is measured). Answers the participants made.
 */
async function splitEveryAlbum(db, catalogue) {
  let state = SEED >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const owners = new Map(catalogue.map((track) => [track.albumId, track.accountId]));
  let participants = 0;
  await withTransaction(db, async (tx) => {
    for (const [albumId, ownerId] of owners) {
      const { rows } = await tx.query(
        'INSERT INTO splits (album_id, owner_account_id) VALUES ($1, $2) RETURNING id',
        [albumId, ownerId],
      );
      const splitId = rows[0].id;
      const { rows: version } = await tx.query(
        'INSERT INTO split_versions (split_id, number, effective_from) VALUES ($1, 1, $2) RETURNING id',
        [splitId, `${MONTH}-01`],
      );
      const others = 1 + Math.floor(random() * 5);
      const ids = [];
      const shares = [];
      const { rows: owner } = await tx.query(
        `INSERT INTO split_participants (split_id, email, role, is_owner, account_id, status)
         VALUES ($1, 'owner@bench.test', 'Owner', true, $2, 'ACCEPTED') RETURNING id`,
        [splitId, ownerId],
      );
      for (let i = 0; i < others; i += 1) {
        const status = ['ACCEPTED', 'PENDING', 'DECLINED'][i % 3];
        const { rows: made } = await tx.query(
          `INSERT INTO split_participants (split_id, email, role, account_id, status, invite_hash, invite_expires_at)
           VALUES ($1, $2, 'Bench', CASE WHEN $3 = 'ACCEPTED' THEN gen_random_uuid() END, $3,
             sha256(gen_random_uuid()::text::bytea), now() + interval '14 days')
           RETURNING id`,
          [splitId, `p${i}@bench.test`, status],
        );
        ids.push(made[0].id);
        shares.push(500 + Math.floor(random() * 1_501));
      }
      const rest = 10_000 - shares.reduce((sum, share) => sum + share, 0);
      await tx.query(
        `INSERT INTO split_shares (version_id, participant_id, track_id, basis_points)
         SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::int[])`,
        [version[0].id, [owner[0].id, ...ids], ids.map(() => null).concat(null), [rest, ...shares]],
      );
      participants += others + 1;
    }
  });
  return { albums: owners.size, participants };
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-close-'));
const server = await startEmbeddedPostgres({
  dir: path.join(workDir, 'pg'),
  port: 20_000 + Math.floor(Math.random() * 20_000),
  secretsDir: workDir,
  log,
});
await ensureDatabase(server.urlFor('postgres'), 'bench');
const url = server.urlFor('bench');
log(`Embedded PostgreSQL in ${workDir} (temporary)`);

const db = createPool(url, 4);
try {
  await migrate(db);
  const { rows: versions } = await db.query("SELECT current_setting('server_version') AS version");
  log(`PostgreSQL ${versions[0].version}; Node ${process.version}; ${os.cpus().length} cores`);
  const config = loadConfig({
    DATA_DIR: workDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });

  // ---- 1. Build -----------------------------------------------------------------------------------------------
  const label = await ensureLabel(
    db,
    { tracks: TRACKS, days: DAYS, seed: SEED, scale: SCALE, to: MONTH_END },
    { hashPassword, insertUser },
  );
  const albums = [...new Map(label.catalogue.map((track) => [track.albumId, track])).values()];
  for (const album of albums)
    await licenceOnPublish(db, config.plans, {
      accountId: label.accountId,
      albumId: album.albumId,
      releaseDate: album.releaseDate,
      chosen: undefined,
      now: new Date(`${album.releaseDate}T12:00:00Z`),
    });
  log(`Label: ${TRACKS.toLocaleString('en-US')} tracks on ${albums.length} albums, each with a licence`);
  const released = label.catalogue.filter((track) => track.releaseDate <= MONTH_END);
  log(
    `Writing ${MONTH}'s revenue lines (${released.length.toLocaleString('en-US')} tracks released by then)`,
  );
  const revenue = await writeMonthRevenue(db, label.catalogue);
  await db.query('VACUUM ANALYZE revenue_lines');
  log(`${revenue.lines.toLocaleString('en-US')} revenue lines in ${MONTH}`);

  // ---- 2. Preview and close -------------------------------------------------------------------------------------
  const jobs = {
    enqueue: async () => {
      throw new Error('bench:close closes in process, without jobs');
    },
    work: async () => undefined,
  };
  // The close's ports as the app wires them (composition.ts): the service has no default for them.
  const periods = createPeriodsService({ db, jobs, config, ...closePortsOfTunehouse });
  await periods.setRate(revenue.periodId, 'USD', USD_RATE_PPB, label.accountId);
  let withoutSplits;
  if (SPLITS) {
    const made = await splitEveryAlbum(db, label.catalogue);
    await db.query(
      'ANALYZE splits; ANALYZE split_participants; ANALYZE split_versions; ANALYZE split_shares',
    );
    log(`Splits: ${made.albums} albums among ${made.participants} participants (2 to 6 each)`);
    const unsplit = createPeriodsService({
      db,
      jobs,
      config,
      ...closePortsOfTunehouse,
      splits: ownerTakesAll,
    });
    const t0 = Date.now();
    await unsplit.preview(revenue.periodId);
    withoutSplits = (Date.now() - t0) / 1000;
    log(`Preview without splits: ${withoutSplits.toFixed(1)} s`);
  }

  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  const sampler = setInterval(sample, 100);

  let t0 = Date.now();
  const preview = await periods.preview(revenue.periodId);
  const previewSeconds = (Date.now() - t0) / 1000;
  log(`Preview: ${previewSeconds.toFixed(1)} s (${preview.tracks} tracks, nothing written)`);

  t0 = Date.now();
  const result = await periods.closeNow(revenue.periodId);
  const seconds = (Date.now() - t0) / 1000;
  sample();
  clearInterval(sampler);
  if (result !== 'CLOSED') throw new Error(`the close answered ${result}`);

  const period = await periods.get(revenue.periodId);
  const t = period.totals;
  const s = period.statement;
  const exact = t.feeCollected + t.commission + t.credited + t.held === t.revenue;
  const exactCents = s.feeCollected + s.commission + s.credited + s.held === s.revenue;
  const { rows: moved } = await db.query(
    'SELECT count(*)::int AS transfers, count(DISTINCT album_id)::int AS albums FROM ledger_transfers WHERE period_id = $1',
    [revenue.periodId],
  );
  const { rows: collected } = await db.query(
    'SELECT count(*)::int AS n, coalesce(sum(streams), 0)::bigint AS streams FROM stream_collections WHERE period_id = $1',
    [revenue.periodId],
  );
  const euros = (cents) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  console.log('');
  console.log(`bench:close — ${MONTH}, ${TRACKS.toLocaleString('en-US')}-track label`);
  console.log(
    `  revenue lines       ${revenue.lines.toLocaleString('en-US')} (corrections ${revenue.corrections.toLocaleString('en-US')}, ` +
      `${((revenue.corrections / revenue.lines) * 100).toFixed(1)} %)`,
  );
  console.log(
    `  close               ${seconds.toFixed(1)} s (target < ${TARGET_SECONDS} s) ${seconds < TARGET_SECONDS ? 'met' : 'MISSED'}`,
  );
  console.log(`  throughput          ${Math.round(revenue.lines / seconds).toLocaleString('en-US')} lines/s`);
  console.log(`  preview             ${previewSeconds.toFixed(1)} s`);
  if (withoutSplits !== undefined) {
    const added = previewSeconds - withoutSplits;
    const share = added / withoutSplits;
    console.log(
      `  splits added        ${added.toFixed(1)} s to the preview (${(share * 100).toFixed(0)} %, target < ` +
        `${SPLITS_TARGET * 100} %) ${share < SPLITS_TARGET ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`  memory (RSS)        ${mb(baseline)} before, ${mb(peak)} at peak`);
  console.log(
    `  ledger transfers    ${moved[0].transfers} (${moved[0].albums} albums), ${collected[0].n} fee collections of ${Number(collected[0].streams).toLocaleString('en-US')} streams`,
  );
  console.log(
    `  statement (${period.currency})    revenue ${euros(s.revenue)} = fees ${euros(s.feeCollected)} + commission ` +
      `${euros(s.commission)} + credited ${euros(s.credited)} + held ${euros(s.held)}; unmatched ${euros(s.unmatched)}`,
  );
  console.log(
    `  conservation        micro-units ${exact ? 'exact' : 'BROKEN'}, cents ${exactCents ? 'exact' : 'BROKEN'}`,
  );
} finally {
  await db.end();
  await server.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);
