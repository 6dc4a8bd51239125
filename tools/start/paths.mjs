import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. Kept apart from stack.mjs so scripts that run before the build import nothing built. */
export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
