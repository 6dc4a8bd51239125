import { z } from 'zod';

/**
 * Route patterns: `/albums/*` owns `/albums` and everything below it, `:name` matches one segment, anything
 * else matches exactly. See docs/decisions/0003-route-ownership-and-registry.md.
 */
export const routePatternSchema = z
  .string()
  .regex(/^\/([A-Za-z0-9_.-]+|:[A-Za-z][A-Za-z0-9]*)?(\/([A-Za-z0-9_.-]+|:[A-Za-z][A-Za-z0-9]*))*(\/\*)?$/, {
    message: 'Expected a route pattern like /albums/* or /albums/:id/splits/*',
  });

/** A Subresource Integrity value of SHA-384, as a browser checks it: `sha384-` and the digest in base64. */
export const sha384IntegritySchema = z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/, {
  message: 'Expected sha384- and a base64 SHA-384 digest',
});

/**
 * What the area release tool recorded when it published the build (`npm run area -- publish`): the digests of its
 * two entry files. The shell refuses a manifest or remote entry whose bytes do not match (since contract 1.2.0;
 * a registry without it is loaded unchecked, as before).
 */
export const entryIntegritySchema = z.object({
  /** Of the mf-manifest.json at `manifest`. */
  manifest: sha384IntegritySchema,
  /** Of the remote entry script the manifest names. */
  entry: sha384IntegritySchema,
});
export type EntryIntegrity = z.infer<typeof entryIntegritySchema>;

export const registryEntrySchema = z.object({
  /** URL of the remote's mf-manifest.json (absolute, or relative to the registry). */
  manifest: z.string().min(1),
  /** Module Federation container name of the remote build. */
  scope: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { message: 'Expected a JavaScript identifier' }),
  routes: z.array(routePatternSchema).min(1),
  version: z.string().min(1),
  integrity: entryIntegritySchema.optional(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/** The runtime registry (`remotes.json`): area name -> where its current build is and what it owns. */
export const remoteRegistrySchema = z.object({
  schemaVersion: z.literal(1),
  areas: z.record(
    z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'Expected a lowercase area name' }),
    registryEntrySchema,
  ),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

export type RegistryParse = { ok: true; registry: RemoteRegistry } | { ok: false; detail: string };

export function parseRegistry(input: unknown): RegistryParse {
  const parsed = remoteRegistrySchema.safeParse(input);
  if (parsed.success) return { ok: true, registry: parsed.data };
  const detail = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, detail };
}
