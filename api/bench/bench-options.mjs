// The command line every benchmark reads the same way (bench:trends, bench:close).
import { parseArgs } from 'node:util';

/**
 * Parses `options` (node:util parseArgs, plus `--help`/`-h`, which prints `help` and exits). `number(value,
 * fallback, name, min, max)` reads a numeric option, exiting with 2 and the allowed range when it is out of it.
 */
export function benchArgs(options, help) {
  const { values: args } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } });
  if (args.help) {
    console.log(help);
    process.exit(0);
  }
  const number = (value, fallback, name, min, max) => {
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isFinite(n) || n < min || n > max) {
      console.error(`--${name} must be between ${min} and ${max}`);
      process.exit(2);
    }
    return n;
  };
  return { args, number };
}
