// The backup's manifest: every part's sha256 and size, so a restore can refuse a damaged backup before it writes
// anything (docs/decisions/0084-backup-and-restore.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';

const partSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) });

/** What a manifest holds; `meta` (schema version, tables, sequences…) is read by the restore with its own schema. */
export const manifestSchema = z.looseObject({
  createdAt: z.string(),
  parts: z.record(z.string(), partSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type PartDigest = z.infer<typeof partSchema>;

/** The sha256 (hex) and size of one file, read as a stream so large media files are not held in memory. */
export async function digestFile(file: string): Promise<PartDigest> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every file under `dir` except the manifest, as sorted `/`-separated relative paths. */
export function listParts(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((part) => part !== MANIFEST)
    .sort();
}

/** Writes `manifest.json` for the backup folder `dir`, with `meta` (schema version, app version, row counts). */
export async function writeManifest(dir: string, meta: Record<string, unknown>): Promise<Manifest> {
  const parts: Record<string, PartDigest> = {};
  for (const part of listParts(dir)) parts[part] = await digestFile(path.join(dir, part));
  const manifest = { ...meta, createdAt: new Date().toISOString(), parts };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Checks every part of the backup against its manifest; throws naming each missing, extra or altered part. Called
 * before a restore writes anything.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a backup: it has no ${MANIFEST}`);
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The backup's ${MANIFEST} is not a manifest: ${problems.join('; ')}`);
  }
  const manifest = parsed.data;
  const problems: string[] = [];
  const present = new Set(listParts(dir));
  for (const [part, expected] of Object.entries(manifest.parts)) {
    if (!present.has(part)) {
      problems.push(`${part} is missing`);
      continue;
    }
    present.delete(part);
    const actual = await digestFile(path.join(dir, part));
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size)
      problems.push(`${part} does not match its checksum`);
  }
  for (const part of present) problems.push(`${part} is not in the manifest`);
  if (problems.length) throw new Error(`The backup is damaged and was not restored: ${problems.join('; ')}`);
  return manifest;
}
