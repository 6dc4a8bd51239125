import path from 'node:path';
import { REPO_ROOT } from '../../../platform/config.js';
import { DDEX_ERN43_SCHEMA_URL } from './download.js';
import { createErnSchemaLocator, type ErnSchemaSource } from './locate.js';

/** The reference copy a working tree may have beside the repository (never needed: the lookup goes on without). */
export const BESIDE_REPOSITORY = path.join(REPO_ROOT, '..', 'shared', 'standards', 'ddex', 'ern43');

/**
 * The API's lookup: DDEX_SCHEMA_DIR, else the reference copy beside the repository, else DDEX's published copy,
 * downloaded once into <DATA_DIR>/ddex/ern43 (unless DDEX_SCHEMA_DOWNLOAD is false).
 */
export function defaultErnSchemaLocator(
  config: { dataDir: string; delivery: { schemaDir: string | undefined; schemaDownload: boolean } },
  warn?: (message: string) => void,
): ErnSchemaSource {
  return createErnSchemaLocator({
    dir: config.delivery.schemaDir,
    candidates: [BESIDE_REPOSITORY],
    cacheDir: path.join(config.dataDir, 'ddex', 'ern43'),
    publishedUrl: config.delivery.schemaDownload ? DDEX_ERN43_SCHEMA_URL : null,
    ...(warn ? { warn } : {}),
  });
}
