import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * A few lines per failed journey, written to `test-results/failure-digest.txt` when the run ends. The list
 * reporter prints every failure in full, far above the end of a long run; `npm test` prints this file after its
 * summary (tools/test/run-all.mjs), so the cause of a red CI is in the last lines of its output, where a CI page shows it.
 */
const DIGEST_FILE = fileURLToPath(new URL('../test-results/failure-digest.txt', import.meta.url));
const LINES_PER_FAILURE = 6;

export default class FailureDigest implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus)
      return;
    const where = `${path.relative(process.cwd(), test.location.file)}:${test.location.line}`;
    const message = stripVTControlCharacters(
      result.errors[0]?.message ?? `${result.status}, without an error message`,
    )
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, LINES_PER_FAILURE)
      .map((line) => `    ${line.trimEnd()}`);
    this.failures.push(
      [`${where} › ${test.title} (${result.status}, ${result.duration} ms)`, ...message].join('\n'),
    );
  }

  onEnd(result: FullResult): void {
    fs.rmSync(DIGEST_FILE, { force: true });
    if (this.failures.length === 0) return;
    fs.mkdirSync(path.dirname(DIGEST_FILE), { recursive: true });
    fs.writeFileSync(
      DIGEST_FILE,
      `${this.failures.length} failed (${result.status}):\n${this.failures.join('\n')}\n`,
    );
  }
}
