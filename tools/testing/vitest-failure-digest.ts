import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * A few lines per failed test, written to the project's `test-results/failure-digest.txt` when its run ends.
 * The default reporter prints every failure in full, but `npm test` runs the projects side by side and a failure
 * of one scrolls far above the end of a long run; tools/test/run-all.mjs prints these files after its summary, so
 * the cause of a red CI is in the last lines of its output, where a CI page shows it (as e2e/reporters/failure-
 * digest.ts does for the journeys).
 */
const DIGEST_PATH = path.join('test-results', 'failure-digest.txt');
const LINES_PER_FAILURE = 8;

function excerpt(error: { message?: string; stack?: string } | undefined): string[] {
  const text = stripVTControlCharacters(error?.stack ?? error?.message ?? 'failed, without an error message');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !/node_modules|node:internal|\(<anonymous>\)/.test(line))
    .slice(0, LINES_PER_FAILURE)
    .map((line) => `    ${line.trimEnd()}`);
}

export default class VitestFailureDigest implements Reporter {
  private file = '';

  onInit(vitest: Vitest): void {
    this.file = path.join(vitest.config.root, DIGEST_PATH);
    fs.rmSync(this.file, { force: true });
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; stack?: string }>,
  ): void {
    const failures: string[] = [];
    for (const module of testModules) {
      // A file whose import or beforeAll/afterAll failed reports its error on the module or a suite, not a test.
      for (const error of module.errors())
        failures.push([`${module.relativeModuleId}`, ...excerpt(error)].join('\n'));
      for (const suite of module.children.allSuites())
        for (const error of suite.errors())
          failures.push([`${module.relativeModuleId} › ${suite.fullName}`, ...excerpt(error)].join('\n'));
      for (const test of module.children.allTests('failed')) {
        const result = test.result();
        const took = test.diagnostic()?.duration;
        const retries = test.diagnostic()?.retryCount ?? 0;
        failures.push(
          [
            `${module.relativeModuleId} › ${test.fullName} (${took === undefined ? '?' : Math.round(took)} ms${retries ? `, ${retries} retries` : ''})`,
            ...excerpt(result.errors?.[0]),
          ].join('\n'),
        );
      }
    }
    for (const error of unhandledErrors) failures.push(['unhandled error', ...excerpt(error)].join('\n'));
    if (failures.length === 0) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, `${failures.length} failed:\n${failures.join('\n')}\n`);
  }
}
