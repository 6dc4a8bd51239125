import { findOwner, type RemoteRegistry } from '@tunehouse/shell-contract';
import { routesByArea } from './load-registry.js';

/**
 * As soon as the registry is read, the area owning the address gets its manifest and its remote entry preloaded
 * together (docs/decisions/0077-landing-page-without-the-shell-until-needed.md): the federation runtime would ask
 * for the entry only once it has read the manifest, one round trip later. Whatever server sent the page — npm start
 * sends the same two as `Link` headers (tools/start/shell-pages.mjs); nginx cannot, its image does not know which
 * versions the registry names. The entry's URL follows libs/mf-config's convention (`remoteEntry.js` beside the
 * manifest); were a build to differ, the browser drops the unused preload. Both are requested exactly as the
 * shell's integrity plugin then requests them (CORS, the registry's integrity), so the browser uses the preloads.
 */
export function preloadOwnArea(
  registry: RemoteRegistry,
  pathname: string,
  head: HTMLElement = document.head,
): void {
  const area = findOwner(routesByArea(registry), pathname);
  const entry = area === null ? undefined : registry.areas[area];
  if (!entry) return;
  const preload = (href: string, as: 'fetch' | 'script', integrity?: string) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    // The entry at low priority, as the shell's own startup scripts (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
    if (as === 'script') link.setAttribute('fetchpriority', 'low');
    // Without a recorded integrity the runtime adds a plain <script>: no CORS, no integrity.
    if (as === 'fetch' || integrity) link.setAttribute('crossorigin', 'anonymous');
    if (integrity) link.setAttribute('integrity', integrity);
    head.append(link);
  };
  preload(entry.manifest, 'fetch');
  preload(new URL('remoteEntry.js', entry.manifest).href, 'script', entry.integrity?.entry);
}
