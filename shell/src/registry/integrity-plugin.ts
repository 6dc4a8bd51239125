import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { EntryIntegrity } from '@tunehouse/shell-contract';
import { IntegrityError, sha384Integrity } from './integrity.js';

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

export interface IntegrityOptions {
  /** Each remote (Module Federation name) with the absolute URL of its manifest and what the registry expects. */
  remotes: { name: string; manifest: string; integrity?: EntryIntegrity }[];
  /** What fetches the files (the retrying fetch in the shell). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

interface ManifestShape {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
}

/** Where the runtime will load the remote entry from, as it computes it from the manifest (`publicPath: auto`). */
export function remoteEntryUrl(manifest: ManifestShape, manifestUrl: string): string | null {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  const dir = (entry.path ?? '').replace(/^\.?\/+/, '').replace(/\/+$/, '');
  const file = dir ? `${dir}/${entry.name}` : entry.name;
  const publicPath = manifest.metaData?.publicPath;
  const base = !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).href;
  return new URL(file, base).href;
}

const absolute = (url: string) => new URL(url, globalThis.location?.href).href;

/**
 * Checks that an area's code is the code that was published (docs/decisions/0053-area-release-tool.md). For each
 * remote whose registry entry carries an integrity:
 * - `verifiedFetch` reads the manifest, computes its SHA-384 (SubtleCrypto) and refuses it when it differs from
 *   the registry's; the verified manifest names the remote entry's URL;
 * - `createScript` loads that entry with `integrity` and `crossorigin`, so the browser itself refuses other bytes;
 * - `loadEntryError`, when the entry did not run, fetches it once to tell a mismatch (refused at once, with an
 *   IntegrityError) from a network failure (left to the retry plugin).
 * Remotes without an integrity (an older registry) load as before.
 */
export function remoteIntegrityPlugin(options: IntegrityOptions): ModuleFederationRuntimePlugin & {
  verifiedFetch: (url: string, init: RequestInit) => Promise<Response>;
} {
  const fetchFile = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const byManifest = new Map(
    options.remotes.filter((remote) => remote.integrity).map((remote) => [absolute(remote.manifest), remote]),
  );
  /** Entry URL -> expected integrity, once the verified manifest named it; and per remote name. */
  const entries = new Map<string, string>();
  const entryOfRemote = new Map<string, { url: string; integrity: string }>();

  async function verifiedFetch(url: string, init: RequestInit): Promise<Response> {
    const response = await fetchFile(url, init);
    const remote = byManifest.get(absolute(url));
    if (!remote?.integrity || !response.ok) return response;
    const bytes = await response.arrayBuffer();
    if ((await sha384Integrity(bytes)) !== remote.integrity.manifest)
      throw new IntegrityError(`the manifest of '${remote.name}' does not match what was published`);
    const entryUrl = remoteEntryUrl(
      JSON.parse(new TextDecoder().decode(bytes)) as ManifestShape,
      absolute(url),
    );
    if (entryUrl) {
      entries.set(entryUrl, remote.integrity.entry);
      entryOfRemote.set(remote.name, { url: entryUrl, integrity: remote.integrity.entry });
    }
    return new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  return {
    name: 'tunehouse-remote-integrity',
    verifiedFetch,
    createScript({ url }) {
      const integrity = entries.get(absolute(url));
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      // Subresource Integrity on a script of another origin needs a CORS request (the area origins allow it).
      script.crossOrigin = 'anonymous';
      return script;
    },
    loadEntryError({ remoteInfo }) {
      const expected = entryOfRemote.get(remoteInfo.name);
      if (!expected) return Promise.resolve(undefined);
      const diagnosis = (async () => {
        let bytes: ArrayBuffer;
        try {
          const response = await fetchFile(expected.url, { cache: 'no-store' });
          if (!response.ok) return undefined;
          bytes = await response.arrayBuffer();
        } catch {
          return undefined; // not there at all: the retry plugin's case
        }
        if ((await sha384Integrity(bytes)) !== expected.integrity)
          throw new IntegrityError(`the code of '${remoteInfo.name}' does not match what was published`);
        return undefined;
      })();
      // The hook's declared type nests a promise the runtime flattens when it awaits the result.
      return diagnosis as unknown as ReturnType<LoadEntryError>;
    },
  };
}
