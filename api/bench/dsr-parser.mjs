// `npm run bench:dsr-parser`: the DSR flat-file parser alone, in usage lines per second (issue 18, ingest; decision
// 0051, "Second pass"). Writes one BasicAudioProfile file of --lines usage lines shaped as bench:trends writes them
// (blocks of RE01, AS02 and SU02 records, one summary record per platform and territory) into a temporary folder,
// then parses it --runs times with parseDsr from api/dist (the root script builds it first) and prints each run and
// the best. No database: what the loader's stage phase spends before any row reaches PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from './bench-options.mjs';
import { benchDsrBlock, benchDsrHead, benchDsrLinesOf, benchDsrName } from './bench-dsr.mjs';
import { loadAverage } from './figures.mjs';

const HELP = `Usage: npm run bench:dsr-parser -- [options]
  --lines N   usage lines in the file (500000)
  --runs N    parses of the file; the best counts (5)`;

const { args, number } = benchArgs({ lines: { type: 'string' }, runs: { type: 'string' } }, HELP);
const LINES = Math.round(number(args.lines, 500_000, 'lines', 1, 50_000_000));
const RUNS = Math.round(number(args.runs, 5, 'runs', 1, 100));

const parser = await import(new URL('../dist/domains/reports/dsr-parser.js', import.meta.url).href);
const { DSR_HEADERS } = await import(new URL('../dist/tools/bench/trends.js', import.meta.url).href);
// The loader reads a chunk's rows at once (parseDsrBatches); a dist from before that has only parseDsr.
const batches =
  parser.parseDsrBatches ??
  async function* (input, name) {
    for await (const row of parser.parseDsr(input, name)) yield [row];
  };

/** A deterministic file of `lines` usage lines, in blocks as bench:trends writes them (bench-dsr.mjs). */
function writeFile(file, lines) {
  const out = fs.openSync(file, 'w');
  const head = benchDsrHead(DSR_HEADERS);
  fs.writeSync(out, `${head.text}\n`);
  let written = 0;
  let block = 0;
  let chunk = '';
  while (written < lines) {
    block += 1;
    const isrc = `QZBEN${String(block % 100).padStart(2, '0')}${String(block).padStart(5, '0').slice(-5)}`;
    const usageLines = Math.min(lines - written, benchDsrLinesOf(block));
    chunk += benchDsrBlock({ block, isrc, usageLines, lineBefore: written, summaries: head.summaries });
    written += usageLines;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, `${chunk}FOOT\t${head.records + written + block * 2 + 1}\t${head.summaries}\t${block}\n`);
  fs.closeSync(out);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-dsr-'));
try {
  const file = path.join(dir, benchDsrName('.tsv'));
  writeFile(file, LINES);
  const mb = fs.statSync(file).size / 1e6;
  console.log(
    `DSR file: ${LINES.toLocaleString('en-US')} usage lines, ${mb.toFixed(1)} MB; load average ${loadAverage()}`,
  );
  let best = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    const t0 = process.hrtime.bigint();
    let rows = 0;
    let streams = 0;
    for await (const batch of batches(fs.createReadStream(file), file))
      for (const row of batch) {
        rows += 1;
        streams += row.streams;
      }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (rows !== LINES) throw new Error(`parsed ${rows} usage lines of ${LINES}`);
    const rate = rows / seconds;
    best = Math.max(best, rate);
    console.log(
      `  run ${run}: ${Math.round(rate).toLocaleString('en-US')} lines/s (${seconds.toFixed(2)} s, ${streams} streams)`,
    );
  }
  console.log(
    `DSR parser: ${Math.round(best).toLocaleString('en-US')} usage lines/s (best of ${RUNS}); load average ${loadAverage()}`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
