// `node bench/ingest-explain.mjs [--mb N] [--tracks N] [--variants]`: where the merge's time goes, statement by
// statement, inside the load's own transaction (issue 28; docs/decisions/0081-big-report-files.md, "Ingest ×2").
// Figures, not assertions.
//
// Writes the big-report bench's DSR (about --mb MB, one day, --tracks recordings) to a temporary folder, loads it
// with loadReportFile on a temporary embedded PostgreSQL, and right after the facts are merged (the afterMerge
// hook) runs EXPLAIN (ANALYZE, BUFFERS, WAL) of each rollup statement the load runs next (merge.ts,
// ROLLUP_STATEMENTS, with runRollup's planner settings), each under a savepoint rolled back at once, so the load
// then goes on as always. With --variants, each statement is also run as the planner alone would group it (hash
// aggregate) and as a plain INSERT … SELECT without the upsert (what the arbiter check costs), alternated.
// --accounts N: the catalogue's tracks in N accounts (default one account a track, as bench:big-report).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { benchDsrBlock, benchDsrHead, benchDsrLinesOf, benchDsrName } from './bench-dsr.mjs';
import { benchArgs } from './bench-options.mjs';
import { loadAverage } from './figures.mjs';

const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const { args, number } = benchArgs(
  {
    mb: { type: 'string' },
    tracks: { type: 'string' },
    accounts: { type: 'string' },
    variants: { type: 'boolean', default: false },
  },
  `Usage: node bench/ingest-explain.mjs [--mb N (10)] [--tracks N (2000)] [--accounts N (one a track)] [--variants]`,
);
const MB = number(args.mb, 10, 'mb', 1, 1024);
const TRACKS = Math.round(number(args.tracks, 2000, 'tracks', 1, 100_000));
const ACCOUNTS = Math.round(number(args.accounts, TRACKS, 'accounts', 1, TRACKS));
const isrcOf = (n) => `QZBIG${String(n).padStart(7, '0')}`;

const { startBenchApi } = await import('./bench-api.mjs');
const { createInMemoryCatalogue } = await import(dist('domains/reports/catalogue.js'));
const { loadReportFile } = await import(dist('domains/reports/loader.js'));
const { ROLLUP_STATEMENTS, groupedBySort } = await import(dist('domains/reports/merge.js'));
const { DSR_HEADERS } = await import(dist('tools/bench/trends.js'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-ingest-explain-'));
const file = path.join(dir, benchDsrName('.tsv'));
const out = fs.openSync(file, 'w');
const head = benchDsrHead(DSR_HEADERS);
fs.writeSync(out, `${head.text}\n`);
let size = head.text.length;
let lines = 0;
let block = 0;
while (size < MB * 1e6) {
  block += 1;
  const usageLines = benchDsrLinesOf(block);
  const text = benchDsrBlock({
    block,
    isrc: isrcOf(block % TRACKS),
    usageLines,
    lineBefore: lines,
    summaries: head.summaries,
  });
  fs.writeSync(out, text);
  size += text.length;
  lines += usageLines;
}
fs.writeSync(out, `FOOT\t0\t${head.summaries}\t${block}\n`);
fs.closeSync(out);

const api = await startBenchApi({
  name: 'ingest-explain',
  email: `explain-${randomUUID()}@bench.test`,
  lastName: 'X',
});
const accountIds = Array.from({ length: ACCOUNTS }, () => randomUUID());
const catalogue = createInMemoryCatalogue(
  Array.from({ length: TRACKS }, (_, n) => ({
    trackId: randomUUID(),
    albumId: randomUUID(),
    accountId: accountIds[n % ACCOUNTS],
    isrc: isrcOf(n),
  })),
);

let hashed = false;
const tableOf = (statement) => /INSERT INTO (\w+)/.exec(statement)[1];
const plainOf = (statement) => statement.replace(/ AS r /, ' ').replace(/\s+ON CONFLICT[\s\S]*$/, '');
async function explain(tx, statement) {
  await tx.query('SAVEPOINT explain');
  // As the load runs it (merge.ts, runRollup): EXPLAIN of the statement, with the planner settings it is run with.
  if (groupedBySort(statement) && !hashed) await tx.query('SET LOCAL enable_hashagg = off');
  const started = performance.now();
  const { rows } = await tx.query(`EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT TEXT) ${statement}`);
  const ms = performance.now() - started;
  await tx.query('ROLLBACK TO SAVEPOINT explain');
  return { ms, plan: rows.map((row) => row['QUERY PLAN']).join('\n') };
}

const phases = {};
console.log(
  `ingest-explain: ${MB} MB DSR, ${lines.toLocaleString('en')} usage lines, ${TRACKS} tracks of ${ACCOUNTS} accounts; load average ${loadAverage()}`,
);
await loadReportFile(api.db, file, {
  catalogue,
  name: path.basename(file),
  format: 'DDEX_DSR',
  onPhase: (phase, ms) => (phases[phase] = (phases[phase] ?? 0) + ms),
  hooks: {
    afterMerge: async (tx) => {
      const { rows } = await tx.query('SELECT count(*)::int AS n FROM trend_delta');
      console.log(`trend_delta: ${rows[0].n.toLocaleString('en')} rows; load average ${loadAverage()}`);
      for (const statement of ROLLUP_STATEMENTS) {
        const upsert = await explain(tx, statement);
        console.log(`\n--- ${tableOf(statement)}: ${Math.round(upsert.ms)} ms\n${upsert.plan}`);
        if (!args.variants) continue;
        // Alternated, so the machine's load hits each alike: the upsert as the load runs it, as the planner would
        // (its own choice of grouping: a hash aggregate whose output is sorted again), and a plain INSERT (no
        // arbiter check).
        const timings = { upsert: [upsert.ms], planner: [], plain: [] };
        for (let round = 0; round < 2; round += 1) {
          hashed = true;
          const sorted = await explain(tx, statement);
          hashed = false;
          timings.planner.push(sorted.ms);
          if (round === 0)
            console.log(
              `    as the planner would group:\n${sorted.plan.split('\n').slice(0, 14).join('\n')}`,
            );
          timings.plain.push((await explain(tx, plainOf(statement))).ms);
          if (round === 0) timings.upsert.push((await explain(tx, statement)).ms);
        }
        console.log(
          `    ms: ${Object.entries(timings)
            .map(([name, list]) => `${name} ${list.map(Math.round).join(' / ')}`)
            .join('; ')}`,
        );
      }
      console.log(`\n(load average ${loadAverage()})`);
    },
  },
});
console.log(
  `phases (ms, the rollups' including the EXPLAINs above): ${Object.entries(phases)
    .map(([phase, ms]) => `${phase} ${ms}`)
    .join(', ')}`,
);
await api.stop();
fs.rmSync(dir, { recursive: true, force: true });
