import fs from 'node:fs';
import path from 'node:path';
import { downloadSchema } from './download.js';
import { ERN_SCHEMA_FILE, type ErnSchema, loadSchemaFolder } from './ern-schema.js';

/**
 * Where the simulated platforms find the DDEX ERN 4.3 schema, in this order:
 * 1. DDEX_SCHEMA_DIR when it is set — and then only there: a setting that names a folder without the schema is a
 *    mistake to report, not a reason to look elsewhere;
 * 2. the folders in `candidates` that hold it (the reference copy beside the repository, when there is one);
 * 3. a copy downloaded from DDEX earlier, kept under the data folder;
 * 4. DDEX's published copy, downloaded now into that folder. The schema is DDEX's, under DDEX's licence: the
 *    repository carries no copy of it.
 * When none can be had, the lookup says why; a failed download is tried again after `retryAfterMs`.
 */

export type SchemaLookup =
  | { found: true; schema: ErnSchema }
  /** `required`: DDEX_SCHEMA_DIR was set, so checking without the schema would ignore the setting. */
  | { found: false; reason: string; required: boolean };

/** Answers the schema to check messages against (looked up once, then kept). */
export type ErnSchemaSource = () => Promise<SchemaLookup>;

export type ErnSchemaLocatorOptions = {
  /** DDEX_SCHEMA_DIR. */
  dir: string | undefined;
  candidates: readonly string[];
  /** Where the downloaded copy is kept (<DATA_DIR>/ddex/ern43). */
  cacheDir: string;
  /** The published schema's address; null never downloads. */
  publishedUrl: string | null;
  /** Told once each time the schema turns out to be unavailable. */
  warn?: (message: string) => void;
  /** A lookup that found nothing is made again after this long (by default 15 minutes). */
  retryAfterMs?: number;
};

const holdsSchema = (dir: string) => fs.existsSync(path.join(dir, ERN_SCHEMA_FILE));
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function lookUp(options: ErnSchemaLocatorOptions): Promise<SchemaLookup> {
  if (options.dir !== undefined) {
    try {
      return { found: true, schema: await loadSchemaFolder(options.dir) };
    } catch (error) {
      return {
        found: false,
        required: true,
        reason: `DDEX_SCHEMA_DIR is ${options.dir}: ${reasonOf(error)}`,
      };
    }
  }
  const tried: string[] = ['DDEX_SCHEMA_DIR is not set'];
  for (const dir of [...options.candidates, options.cacheDir]) {
    if (!holdsSchema(dir)) {
      tried.push(`${dir} holds no ${ERN_SCHEMA_FILE}`);
      continue;
    }
    try {
      return { found: true, schema: await loadSchemaFolder(dir) };
    } catch (error) {
      tried.push(reasonOf(error));
    }
  }
  if (options.publishedUrl === null) tried.push('downloading it is turned off (DDEX_SCHEMA_DOWNLOAD)');
  else
    try {
      await downloadSchema(options.publishedUrl, options.cacheDir);
      const schema = await loadSchemaFolder(options.cacheDir);
      return {
        found: true,
        schema: { ...schema, origin: `${options.publishedUrl} (kept in ${options.cacheDir})` },
      };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      tried.push(`downloading ${options.publishedUrl} failed: ${reasonOf(error)}${cause}`);
    }
  return { found: false, required: false, reason: tried.join('; ') };
}

export function createErnSchemaLocator(options: ErnSchemaLocatorOptions): ErnSchemaSource {
  const retryAfterMs = options.retryAfterMs ?? 15 * 60_000;
  let current: Promise<SchemaLookup> | undefined;
  let failedAt: number | null = null;
  return () => {
    if (!current || (failedAt !== null && Date.now() - failedAt >= retryAfterMs)) {
      failedAt = null;
      current = lookUp(options).then((lookup) => {
        if (!lookup.found) {
          failedAt = Date.now();
          options.warn?.(
            lookup.required
              ? `The DDEX ERN 4.3 schema cannot be read, so simulated platforms refuse every message: ${lookup.reason}`
              : 'DDEX ERN 4.3 schema validation is skipped: simulated platforms check messages for well-formed ' +
                  `XML only. Set DDEX_SCHEMA_DIR to a folder holding ${ERN_SCHEMA_FILE} to validate. (${lookup.reason})`,
          );
        }
        return lookup;
      });
    }
    return current;
  };
}
