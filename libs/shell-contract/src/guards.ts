import { z } from 'zod';
import { functionSchema } from './context-guard.js';
import { SHELL_CONTRACT_VERSION } from './version.js';
import { isVersionRange, versionSatisfies } from './version-range.js';

const fn = functionSchema;

const lifecycle = z.union([fn, z.array(fn).min(1)]);
export const remoteMetaSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'Expected a lowercase area name'),
  /** Route patterns of the spec's table this area renders, e.g. `/albums/:id/edit/:step`. */
  routes: z.array(z.string().startsWith('/')).min(1),
  shellRange: z.string().refine(isVersionRange, { message: 'Expected a semver range' }),
});
export type RemoteMeta = z.infer<typeof remoteMetaSchema>;

/** The module shape a remote exposes as `./app`: single-spa lifecycles plus meta. */
export const remoteModuleSchema = z.object({
  bootstrap: lifecycle,
  mount: lifecycle,
  unmount: lifecycle,
  meta: remoteMetaSchema,
});
export type RemoteModule = z.infer<typeof remoteModuleSchema>;

export type RemoteCheck =
  { ok: true; module: RemoteModule } | { ok: false; reason: 'shape' | 'name' | 'contract'; detail: string };

/**
 * Decides whether a loaded remote may be mounted: it must have the module shape, be the area the registry
 * says it is, and accept this shell's contract version.
 */
export function checkRemoteModule(
  candidate: unknown,
  expectedName: string,
  shellContractVersion: string = SHELL_CONTRACT_VERSION,
): RemoteCheck {
  const parsed = remoteModuleSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') || '(module)' : '(module)';
    return { ok: false, reason: 'shape', detail: `${where}: ${issue?.message ?? 'invalid module'}` };
  }
  const { meta } = parsed.data;
  if (meta.name !== expectedName) {
    return { ok: false, reason: 'name', detail: `expected area '${expectedName}', got '${meta.name}'` };
  }
  if (!versionSatisfies(shellContractVersion, meta.shellRange)) {
    return {
      ok: false,
      reason: 'contract',
      detail: `area '${meta.name}' needs shell contract ${meta.shellRange}, shell offers ${shellContractVersion}`,
    };
  }
  return { ok: true, module: parsed.data };
}
