// The figures an API benchmark hands to `npm run bench`'s summary (tools/bench/summary.mjs): with BENCH_FIGURES_DIR
// set, each benchmark writes `<dir>/<bench>.json`; run alone, nothing is written and only the printout counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The machine's load when a figure was taken: other work on the cores moves every figure. */
export function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/**
 * Writes `{ bench, load, figures }`, each figure `{ name, value, unit, budget?, better: 'higher' | 'lower', ok }`
 * (`ok` is null without a budget), when BENCH_FIGURES_DIR is set.
 */
export function writeFigures(bench, figures) {
  const dir = process.env.BENCH_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const judged = figures.map((figure) => ({
    ...figure,
    ok:
      figure.budget === undefined
        ? null
        : figure.better === 'higher'
          ? figure.value >= figure.budget
          : figure.value <= figure.budget,
  }));
  fs.writeFileSync(
    path.join(dir, `${bench}.json`),
    `${JSON.stringify({ bench, load: loadAverage(), figures: judged }, null, 2)}\n`,
  );
}
