import { parseRegistry, type RemoteRegistry } from '@tunehouse/shell-contract';
import { startupFetch } from '../services/startup-fetches.js';

/**
 * Fetches and validates the runtime registry. Manifest URLs may be relative to the registry's own URL, so a
 * registry and the builds it points at can move together.
 */
export async function loadRegistry(registryUrl: string): Promise<RemoteRegistry> {
  const absolute = new URL(registryUrl, window.location.href);
  const response = await startupFetch(absolute);
  if (!response.ok) throw new Error(`remotes registry: HTTP ${response.status}`);
  const parsed = parseRegistry(await response.json());
  if (!parsed.ok) throw new Error(`remotes registry is invalid: ${parsed.detail}`);
  const areas = Object.fromEntries(
    Object.entries(parsed.registry.areas).map(([area, entry]) => [
      area,
      { ...entry, manifest: new URL(entry.manifest, absolute).href },
    ]),
  );
  return { ...parsed.registry, areas };
}

export function routesByArea(registry: RemoteRegistry): Record<string, string[]> {
  return Object.fromEntries(Object.entries(registry.areas).map(([area, entry]) => [area, entry.routes]));
}
