// `npm test`: every tier that needs no network beyond loopback, in the order that fails fastest.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../start/paths.mjs';
import { NX_ENV, run } from '../start/run.mjs';

/** What e2e/reporters/failure-digest.ts writes when journeys fail: printed last, where a CI page shows it. */
const JOURNEY_FAILURES = path.join(ROOT, 'e2e', 'test-results', 'failure-digest.txt');

/** What tools/testing/vitest-failure-digest.ts writes in each project whose unit or API tests failed. */
function unitFailureDigests() {
  const projects = ['.', 'libs'].flatMap((parent) =>
    fs
      .readdirSync(path.join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .map((entry) => path.join(parent, entry.name)),
  );
  return projects
    .map((project) => ({ project, file: path.join(ROOT, project, 'test-results', 'failure-digest.txt') }))
    .filter(({ file }) => fs.existsSync(file))
    .map(({ project, file }) => `${project}: ${fs.readFileSync(file, 'utf8').trimEnd()}`);
}

const nx = (target) => [
  process.execPath,
  ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', target, '--output-style=static'],
  { env: NX_ENV },
];
const steps = [
  ['build', ...nx('build')],
  ['lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
  [
    'format',
    process.execPath,
    ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level=warn'],
  ],
  ['typecheck', ...nx('typecheck')],
  ['unit and API tests', ...nx('test')],
  [
    'browser tests',
    'npm',
    ['run', 'e2e', '-w', '@tunehouse/e2e'],
    { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
  ],
];

const results = [];
for (const [name, command, args, options] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await run(command, args, options);
    results.push({ name, ok: true, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    results.push({ name, ok: false, seconds: (Date.now() - started) / 1000 });
    console.error(error instanceof Error ? error.message : error);
    break;
  }
}

console.log('\n=== summary ===');
for (const { name, ok, seconds } of results)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
const failed = results.filter((result) => !result.ok).length;
if (results.at(-1)?.name === 'unit and API tests' && failed > 0) {
  const digests = unitFailureDigests();
  if (digests.length > 0) console.log(`\n=== failed unit and API tests ===\n${digests.join('\n')}`);
}
if (results.at(-1)?.name === 'browser tests' && failed > 0 && fs.existsSync(JOURNEY_FAILURES))
  console.log(`\n=== failed journeys ===\n${fs.readFileSync(JOURNEY_FAILURES, 'utf8').trimEnd()}`);
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
