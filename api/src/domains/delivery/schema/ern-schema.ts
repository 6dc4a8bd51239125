import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The DDEX ERN 4.3 schema as files in memory, ready for the in-process validator: the validator reads nothing from
 * disk or network, so every file the schema imports or includes is loaded beforehand and named as the schema
 * refers to it.
 */

/** The schema's main file: NewReleaseMessage and the types it uses (it imports allowed-value-sets.xsd). */
export const ERN_SCHEMA_FILE = 'release-notification.xsd';

export type SchemaFile = { fileName: string; contents: string };

export type ErnSchema = {
  /** Where it was found, for messages. */
  origin: string;
  /** The main file first, then every file it imports or includes (transitively). */
  files: readonly [SchemaFile, ...SchemaFile[]];
};

/** xs:import, xs:include and xs:redefine, with any namespace prefix or none: their schemaLocation. */
const SCHEMA_REFERENCE =
  /<(?:[\w.-]+:)?(?:import|include|redefine)\b[^>]*?\bschemaLocation\s*=\s*(["'])([^"']+)\1/g;

/** The schemaLocation of every import, include and redefine in a schema document. */
export function schemaReferences(xsd: string): string[] {
  return Array.from(xsd.matchAll(SCHEMA_REFERENCE), (match) => match[2]!);
}

/** Rewrites the schemaLocations of a schema document (those `rename` answers for; others stay as they are). */
export function renameSchemaReferences(
  xsd: string,
  rename: (location: string) => string | undefined,
): string {
  return xsd.replace(SCHEMA_REFERENCE, (reference, _quote: string, location: string) => {
    const renamed = rename(location);
    return renamed === undefined ? reference : reference.replace(location, renamed);
  });
}

/**
 * Reads release-notification.xsd in `dir` and every file it refers to. A reference must be a relative path inside
 * the folder: one naming a web address (or leaving the folder) is an error, since nothing is fetched from here.
 */
export async function loadSchemaFolder(dir: string): Promise<ErnSchema> {
  const files: SchemaFile[] = [];
  const seen = new Set<string>();
  const pending = [ERN_SCHEMA_FILE];
  while (pending.length > 0) {
    const fileName = pending.shift()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const contents = await fs
      .readFile(path.join(dir, fileName), 'utf8')
      .catch((error: NodeJS.ErrnoException) => {
        throw new Error(
          error.code === 'ENOENT'
            ? `${path.join(dir, fileName)} does not exist`
            : `${fileName}: ${error.message}`,
        );
      });
    files.push({ fileName, contents });
    for (const location of schemaReferences(contents)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(fileName), location));
      if (/^[a-z][a-z0-9+.-]*:/i.test(location) || target.startsWith('../') || path.posix.isAbsolute(target))
        throw new Error(`${fileName} refers to ${location}, which is not a file in ${dir}`);
      pending.push(target);
    }
  }
  return { origin: dir, files: files as [SchemaFile, ...SchemaFile[]] };
}
