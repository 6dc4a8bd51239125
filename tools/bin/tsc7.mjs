#!/usr/bin/env node
// TypeScript 7 (native) typechecks and emits; TypeScript 6 stays installed as `typescript` only because
// typescript-eslint needs its JS API. Both ship a `tsc` bin, so this name removes the ambiguity.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tscBin = path.join(path.dirname(require.resolve('typescript7/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tscBin, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
