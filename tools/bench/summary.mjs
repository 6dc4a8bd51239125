// `npm run bench`: every benchmark in turn, then one summary of all their figures, exit code 1 when any figure
// misses its budget or a benchmark fails. Protocol: each benchmark, given BENCH_FIGURES_DIR, writes
// `<dir>/<bench>.json` = `{ bench, load, figures: [{ name, value, unit, budget?, better, ok }] }` (see
// api/bench/figures.mjs, which every benchmark uses to write it); its own printout stays as it is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** In the order they run; `bench` is the name its figures file carries. Add a benchmark here to summarise it. */
export const BENCHES = [
  // The web benches with the API behind the stack: signed-in pages draw their data as a user sees them. Without it
  // their calls fail and are retried, which adds requests as timing allows, and the largest paint can be the error
  // panel (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
  { bench: 'web', script: 'bench:web', args: ['--api'] },
  { bench: 'lighthouse', script: 'bench:lighthouse', args: ['--api'] },
  { bench: 'api', script: 'bench:api' },
  // The issue's label (2,000 tracks × 730 days, ~50 M fact rows): its build takes ~20 min on 2 quiet cores.
  { bench: 'trends', script: 'bench:trends' },
];

const formatValue = ({ value, unit }) =>
  `${Number.isInteger(value) ? value : value.toFixed(value < 10 ? 2 : 1)} ${unit ?? ''}`.trim();
const formatBudget = ({ budget, better, unit }) =>
  budget === undefined ? '' : `${better === 'higher' ? '≥' : '≤'} ${formatValue({ value: budget, unit })}`;
const verdict = (ok) => (ok === null || ok === undefined ? '' : ok ? 'ok' : 'MISS');

/** The summary block for the figures files found in `dir`, and whether every budget holds. */
export function summarise(dir, benches = BENCHES, outcomes = new Map()) {
  const lines = ['', '== npm run bench: summary =='];
  let allOk = true;
  for (const { bench } of benches) {
    const file = path.join(dir, `${bench}.json`);
    const outcome = outcomes.get(bench);
    if (!fs.existsSync(file)) {
      lines.push('', `${bench}: no figures${outcome ? ` (exit code ${outcome})` : ''}`);
      allOk = false;
      continue;
    }
    const { load, figures } = JSON.parse(fs.readFileSync(file, 'utf8'));
    lines.push('', `${bench}  (load average ${load}${outcome ? `, exit code ${outcome}` : ''})`);
    if (outcome) allOk = false;
    const width = Math.max(...figures.map((figure) => figure.name.length), 10);
    for (const figure of figures) {
      if (figure.ok === false) allOk = false;
      lines.push(
        `  ${figure.name.padEnd(width)}  ${formatValue(figure).padStart(12)}  ${formatBudget(figure).padEnd(14)} ${verdict(figure.ok)}`.trimEnd(),
      );
    }
  }
  lines.push('', allOk ? 'every budget holds' : 'a budget is missed or a benchmark failed (exit code 1)');
  return { text: lines.join('\n'), allOk };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-figures-'));
  const only = process.argv.slice(2);
  const benches = only.length ? BENCHES.filter(({ bench }) => only.includes(bench)) : BENCHES;
  const outcomes = new Map();
  for (const { bench, script, args = [] } of benches) {
    const extra = args.length ? ['--', ...args] : [];
    console.log(`\n== ${bench}: npm run ${[script, ...extra].join(' ')} ==`);
    const { status } = spawnSync('npm', ['run', '--silent', script, ...extra], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES_DIR: dir },
    });
    if (status !== 0) outcomes.set(bench, status ?? 'signal');
  }
  const { text, allOk } = summarise(dir, benches, outcomes);
  console.log(text);
  process.exit(allOk ? 0 : 1);
}
