import fs from 'node:fs/promises';
import path from 'node:path';
import { ERN_SCHEMA_FILE, renameSchemaReferences, schemaReferences } from './ern-schema.js';

/**
 * Fetches a published schema and everything it imports into a folder of its own, once: the files are written to a
 * temporary folder that is renamed into place at the end, so the folder either holds the whole schema or is absent.
 * Every file is saved under the last part of its address and the references between them are rewritten to those
 * names, so the folder validates offline like a copy given in DDEX_SCHEMA_DIR.
 */

/** Where DDEX publishes the ERN 4.3 schema (it imports the allowed-value sets from beside it). */
export const DDEX_ERN43_SCHEMA_URL = 'https://service.ddex.net/xml/ern/43/release-notification.xsd';

const TIMEOUT_MS = 60_000;
/** The ERN 4.3 files are about 3.5 MB together: a much larger answer is not a schema. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const MAX_FILES = 20;

/** The text at `url`, and where it came from after redirects (what its relative imports are relative to). */
async function fetchText(url: URL): Promise<{ text: string; base: URL }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) throw new Error(`${url.href} is larger than a schema can be`);
  return { text, base: new URL(response.url || url.href) };
}

/** Downloads the schema at `url` and what it imports into `targetDir` (replacing what was there). */
export async function downloadSchema(url: string, targetDir: string): Promise<void> {
  const root = new URL(url);
  const names = new Map<string, string>([[root.href, ERN_SCHEMA_FILE]]);
  const files = new Map<string, string>();
  const pending = [root];
  while (pending.length > 0) {
    const address = pending.shift()!;
    const { text, base } = await fetchText(address);
    const rename = (location: string) => {
      const target = new URL(location, base);
      // DDEX's own files may name plain http: ask over https when the schema itself came that way.
      if (target.protocol === 'http:' && root.protocol === 'https:') target.protocol = 'https:';
      let name = names.get(target.href);
      if (!name) {
        name = path.posix.basename(target.pathname);
        if (!name.endsWith('.xsd') || [...names.values()].includes(name))
          throw new Error(`${address.href} imports ${location}, which cannot be saved as a file of its own`);
        if (names.size >= MAX_FILES) throw new Error(`${url} imports more than ${MAX_FILES} files`);
        names.set(target.href, name);
        pending.push(target);
      }
      return name;
    };
    for (const location of schemaReferences(text)) rename(location);
    files.set(names.get(address.href)!, renameSchemaReferences(text, rename));
  }

  const temporary = `${targetDir}.download-${process.pid}-${Date.now()}`;
  await fs.mkdir(temporary, { recursive: true });
  try {
    for (const [name, text] of files) await fs.writeFile(path.join(temporary, name), text);
    await fs.rm(targetDir, { recursive: true, force: true });
    await fs.rename(temporary, targetDir);
  } catch (error) {
    await fs.rm(temporary, { recursive: true, force: true });
    throw error;
  }
}
