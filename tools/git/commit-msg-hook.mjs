#!/usr/bin/env node
// git's commit-msg hook (installed by tools/start/ensure-installed.mjs through core.hooksPath): refuses a message
// whose subject would not fit one line of `git log --oneline`.
import fs from 'node:fs';
import { commitMessageProblems, SUBJECT_MAX } from './commit-message.mjs';

const problems = commitMessageProblems(fs.readFileSync(process.argv[2], 'utf8'));
if (problems.length > 0) {
  console.error(`commit message refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  console.error(`(subject of at most ${SUBJECT_MAX} characters, a blank line, then the detail)`);
  process.exit(1);
}
