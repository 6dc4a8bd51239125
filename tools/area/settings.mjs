import path from 'node:path';
import { AREAS, portFromEnv } from '../start/areas.mjs';
import { ROOT } from '../start/paths.mjs';
import { AreaToolError } from './errors.mjs';

/** Where `npm start` keeps published area builds and the registry it serves. */
export const DEFAULT_STORE = path.join(ROOT, '.data', 'areas');
export const DEFAULT_REGISTRY = path.join(ROOT, '.data', 'env', 'remotes.json');

/** The origin `npm start` serves an area from (PUBLIC_HOST and MFE_<AREA>_PORT as it reads them). */
export function startOrigin(area, env = process.env) {
  return `http://${env.PUBLIC_HOST || 'localhost'}:${portFromEnv(`MFE_${area.name.toUpperCase()}_PORT`, area.port, env)}`;
}

const list = (value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => new URL(item).origin);

/**
 * The tool's settings, each from a flag or else an environment variable, else `npm start`'s defaults:
 * - store (`--store`, AREA_STORE): a folder or `s3://bucket/prefix`;
 * - registry (`--registry`, AREA_REGISTRY): the registry file, or `s3://bucket/remotes.json`;
 * - allowedOrigins (`--origins`, AREA_ORIGINS, comma-separated): the only origins a pointer may name; by default
 *   the area origins npm start serves;
 * - baseUrl (`--base-url`, AREA_PUBLIC_URL): where the store is served (`<base>/<area>/<version>/…`); unset, an area
 *   stays where its current pointer is served, or else at its npm start origin.
 */
export function readSettings(flags = {}, env = process.env) {
  return {
    store: flags.store ?? env.AREA_STORE ?? DEFAULT_STORE,
    registry: flags.registry ?? env.AREA_REGISTRY ?? DEFAULT_REGISTRY,
    allowedOrigins: list(
      flags.origins ?? env.AREA_ORIGINS ?? AREAS.map((area) => startOrigin(area, env)).join(','),
    ),
    baseUrl: flags['base-url'] ?? env.AREA_PUBLIC_URL ?? null,
  };
}

export function findArea(name) {
  const area = AREAS.find((candidate) => candidate.name === name);
  if (!area)
    throw new AreaToolError(
      `no area '${name}' (areas: ${AREAS.map((candidate) => candidate.name).join(', ')})`,
    );
  return area;
}
