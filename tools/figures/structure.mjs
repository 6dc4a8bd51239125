#!/usr/bin/env node
// Counts the structure figures of the review of 2026-11-27 that come from the import graph: import cycles (the
// same graph and cycle search as tools/lint/import-cycles.mjs, test helpers included) and, per area, the imports
// from one feature folder of `mfe-*/src/` into another (shared/ and the area's root files are not features).
// Usage: node tools/figures/structure.mjs [--root DIR] [--list]; DIR (default this checkout) may be a worktree
// of an older commit, so a before and an after are measured with the same rules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cyclesOf, domainGraph, importGraph } from '../lint/import-cycles.mjs';

const at = process.argv.indexOf('--root');
const root = at > 0 ? path.resolve(process.argv[at + 1]) : fileURLToPath(new URL('../..', import.meta.url));
const list = process.argv.includes('--list');

const graph = importGraph(root);
const cycles = cyclesOf(graph);
console.log(`import cycles: ${cycles.length} (files on them: ${cycles.flat().length})`);
console.log(`API domain cycles: ${cyclesOf(domainGraph(graph)).length}`);
if (list) for (const cycle of cycles) console.log(`  ${cycle.join(' ⇄ ')}`);

/** `{ area, feature }` of a file under `mfe-*\/src/<feature>/`; feature null for the area's root files. */
function zoneOf(file) {
  const match = /^(mfe-[^/]+)\/src\/(.+)$/.exec(file);
  if (!match) return null;
  const parts = match[2].split('/');
  return { area: match[1], feature: parts.length > 1 ? parts[0] : null };
}

const crossings = new Map();
for (const [file, targets] of graph) {
  const from = zoneOf(file);
  if (!from) continue;
  if (!crossings.has(from.area)) crossings.set(from.area, []);
  if (!from.feature || from.feature === 'shared' || from.feature === 'testing') continue;
  for (const target of targets) {
    const to = zoneOf(target);
    if (!to || to.area !== from.area || !to.feature || to.feature === 'shared') continue;
    if (to.feature !== from.feature) crossings.get(from.area).push(`${file} → ${target}`);
  }
}
const areas = [...crossings.keys()].sort();
const total = areas.reduce((sum, area) => sum + crossings.get(area).length, 0);
console.log(
  `cross-feature imports: ${total} (${areas.map((area) => `${area} ${crossings.get(area).length}`).join(', ')})`,
);
if (list) for (const area of areas) for (const crossing of crossings.get(area)) console.log(`  ${crossing}`);
