import { remoteEntryUrl } from '../../registry/integrity-plugin.js';

interface ManifestShape {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The files a visit to an area fetches first, as named by its federation manifest: the remote entry, then the
 * chunks its `./app` needs before it runs (the lazy pages and shared modules the shell provides are left out).
 */
export function firstFilesOf(manifest: ManifestShape, manifestUrl: string): string[] {
  const entry = remoteEntryUrl(manifest, manifestUrl);
  if (entry === null) return [];
  const app = manifest.exposes?.find((expose) => expose.path === './app');
  const chunks = [...(app?.assets?.js?.sync ?? []), ...(app?.assets?.css?.sync ?? [])];
  return [entry, ...chunks.map((file) => new URL(file, entry).href)];
}

/**
 * Puts an area's first files into the HTTP cache without running any of them: plain fetches at low priority,
 * bodies read to the end (a fetch abandoned half-way leaves nothing to reuse). The visit's script elements then
 * find the hashed chunks in the cache and revalidate the entry and manifest (no-cache) with a 304. Subresource
 * Integrity is checked when the visit loads them, on the same bytes.
 */
export async function downloadArea(
  manifestUrl: string,
  fetchFile: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
): Promise<void> {
  const init: RequestInit = { priority: 'low' };
  const response = await fetchFile(manifestUrl, init);
  if (!response.ok) throw new Error(`${manifestUrl}: ${response.status}`);
  const files = firstFilesOf((await response.json()) as ManifestShape, manifestUrl);
  await Promise.all(
    files.map(async (url) => {
      const file = await fetchFile(url, init);
      if (!file.ok) throw new Error(`${url}: ${file.status}`);
      await file.arrayBuffer();
    }),
  );
}
