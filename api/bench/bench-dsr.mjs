// The DSR flat file the ingest benches generate (bench:dsr-parser, bench:big-report): one BasicAudioProfile report
// for one day, shaped as bench:trends writes them — a summary record per platform and territory, then per release a
// block of RE01, AS02 and SU02 records. Each bench drives its own loop (up to a line count, or a size) and file name.

const PLATFORMS = ['SPOTIFY', 'APPLE_MUSIC', 'DEEZER', 'AMAZON', 'YOUTUBE', 'TIDAL'];
const TERRITORIES = ['DE', 'FR', 'GB', 'US', 'NL', 'ES', 'IT', 'SE', 'PL', 'BR', 'JP', 'MX'];

/** The day the bench report covers. */
export const BENCH_DSR_DAY = '2026-01-15';

/** The file name a bench report carries, as a DSP names it (`…_1of1_…`); `extension` as `.tsv` or `.tsv.gz`. */
export const benchDsrName = (extension) =>
  `DSR_PADPIDA2025BENCHR_PADPIDA2025BENCHS_Multi_${BENCH_DSR_DAY}_WW_1of1_20260115T060000${extension}`;

/**
 * The report's head: HEAD, the column headers (`dsrHeaders`, bench:trends' DSR_HEADERS from api/dist) and the
 * summary records. Answers its text (no final newline), its record count and how many summaries the usage lines
 * can point at.
 */
export function benchDsrHead(dsrHeaders) {
  const day = BENCH_DSR_DAY;
  const summaries = [];
  for (const platform of PLATFORMS)
    for (const territory of TERRITORIES)
      summaries.push(
        `SY02\t${summaries.length + 1}\tBench Aggregator\t\tSubscriptionModel\tOnDemandStream\t${territory}\t${platform}\t0`,
      );
  const records = [
    `HEAD\tdsrf/30\tBasicAudioProfile\t1.2\tBENCH\t${day}T06:00:00Z\t1\t1\t${day}\t${day}\tPADPIDA2025BENCHS\tBench Aggregator\tMulti\tPADPIDA2025BENCHR\tTunehouse`,
    dsrHeaders,
    ...summaries,
  ];
  return { text: records.join('\n'), records: records.length, summaries: summaries.length };
}

/**
 * The column headers with a NetRevenue column on SU02 records: the report `--corrections` writes (with or without
 * correction lines), so that both runs carry revenue and differ only by their corrections.
 */
export const withNetRevenue = (dsrHeaders) =>
  dsrHeaders.replace(/^(#SU02\t.*)$/m, (line) => `${line}\tNetRevenue`);

/**
 * `--corrections N%` (or a fraction): the share of usage lines written as corrections. Null when the option is
 * absent (the report then has no NetRevenue column, as before).
 */
export function correctionShare(value) {
  if (value === undefined) return null;
  const share = value.endsWith('%') ? Number(value.slice(0, -1)) / 100 : Number(value);
  if (!Number.isFinite(share) || share < 0 || share > 1) {
    console.error('--corrections is a share of the usage lines: 5% or 0.05 (0 to 100 %)');
    process.exit(2);
  }
  return share;
}

/** Micro-units as DSR decimal text, exact (no float): 1234567 → "1.234567"; negative with a minus sign. */
const decimal = (micro) =>
  `${micro < 0 ? '-' : ''}${Math.floor(Math.abs(micro) / 1e6)}.${String(Math.abs(micro) % 1e6).padStart(6, '0')}`;

/**
 * One release's block: its RE01 and AS02 records (the recording `isrc`) and `usageLines` SU02 records, numbered on
 * from `lineBefore`, with streams and summary spread deterministically over the head's `summaries`. With
 * `corrections` (a share, see correctionShare), every line carries a NetRevenue (0.003 a stream) and that share of
 * the lines, picked by a multiplicative hash of the line number, are corrections: negative usages and revenue
 * (docs/decisions/0078-corrections-and-negative-balances.md), as a platform's chargeback is written.
 */
export function benchDsrBlock({ block, isrc, usageLines, lineBefore, summaries, corrections = null }) {
  let text = `RE01\t${block}\tR${block}\tDSPREL${block}\t\t\t${String(400000000000 + block)}\n`;
  text += `AS02\t${block}\tA${block}\tDSPRES${block}\t${isrc}\t${isrc}\t\n`;
  for (let i = 0; i < usageLines; i += 1) {
    const summary = ((block * 7 + i * 13) % summaries) + 1;
    const streams = 1 + ((block * 31 + i * 17) % 900);
    const line = lineBefore + i + 1;
    const start = `SU02\t${block}\t${summary}\tT${line}\tR${block}\tA${block}\tY`;
    if (corrections === null) text += `${start}\t${streams}\t${streams % 7}\n`;
    else if (((Math.imul(line, 2654435761) >>> 0) % 10_000) / 10_000 < corrections)
      text += `${start}\t-${streams}\t0\t${decimal(-streams * 3000)}\n`;
    else text += `${start}\t${streams}\t${streams % 7}\t${decimal(streams * 3000)}\n`;
  }
  return text;
}

/** The usage lines a block holds, 20 to 59 by its number. */
export const benchDsrLinesOf = (block) => 20 + (block % 40);
