import { findOwner } from '@tunehouse/shell-contract';

/**
 * Which of the shell's prerendered pages answers a path (with the registry, a path no area owns gets the 404 page;
 * `hasFile(file)` says whether the build wrote a page), and what that answer tells the browser to fetch at once
 * (docs/decisions/0070-prerendered-shell-and-short-chain.md). The build writes the three pages
 * (shell/src/prerender/prerendered-view.ts PRERENDERED_FILES, the same mapping); deploy/web's nginx maps paths
 * the same way.
 */
export function shellPageFor(pathname, registry = null, hasFile = () => false) {
  if (pathname === '/') return '/index.html';
  // The sign-in page with its form drawn (docs/decisions/0082-layout-shift-and-startup-work.md).
  if (pathname === '/auth/login') return '/login.html';
  if (pathname.startsWith('/auth/')) return '/auth.html';
  // A path no area owns gets the shell's 404 page, prerendered like `/`
  // (docs/decisions/0077-landing-page-without-the-shell-until-needed.md). Without a registry the
  // frame: the shell then shows the page it can (its 503).
  if (registry && findOwner(ownersOf(registry), pathname) === null) return '/notfound.html';
  // An area's main page has the frame with its heading and lede drawn (docs/decisions/0095-area-first-view-in-the-html.md),
  // where the build wrote one.
  const firstView = firstViewFileFor(pathname);
  if (firstView && hasFile(firstView)) return firstView;
  return '/frame.html';
}

/**
 * The frame holding the first view of the page at `pathname`, by the build's naming (shell/src/prerender
 * prerendered-view.ts firstViewFile): `/albums` and `/albums/` are `/frame-albums.html`. Only one-segment paths
 * have one; whether it exists is the build's to say.
 */
export function firstViewFileFor(pathname) {
  const match = /^\/([a-z][a-z0-9-]*)\/?$/.exec(pathname);
  return match ? `/frame-${match[1]}.html` : null;
}

const ownersOf = (registry) =>
  Object.fromEntries(Object.entries(registry.areas).map(([area, entry]) => [area, entry.routes]));

/** The files every shell page reads before it can draw anything but its prerendered markup. */
const STARTUP_FILES = ['/shell-config.json', '/remotes.json'];

/**
 * An area's remote entry, by the convention of libs/mf-config (`remoteEntry.js` beside its `mf-manifest.json`).
 * Only a hint: were a build to put it elsewhere, the browser would drop an unused preload, and the shell would
 * still load the entry the manifest names.
 */
const entryOf = (manifestUrl) => new URL('remoteEntry.js', manifestUrl).href;

/** The chunks a manifest says its `./app` needs at once (`publicPath: auto`: beside the manifest). */
function appChunksOf(manifest, manifestUrl) {
  const app = manifest?.exposes?.find?.((expose) => expose?.name === 'app');
  const sync = app?.assets?.js?.sync;
  if (!Array.isArray(sync) || manifest?.metaData?.publicPath !== 'auto') return [];
  return sync.filter((file) => typeof file === 'string').map((file) => new URL(file, manifestUrl).href);
}

/**
 * A script preload at low priority, as the page's own deferred scripts are fetched: the frame paints without any
 * script, and a high-priority script is what Lighthouse's simulation counts as blocking the first paint
 * (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
 */
const SCRIPT_PRELOAD = 'rel=preload; as=script; fetchpriority=low';

/**
 * The `Link` header of a shell page at `pathname` (none at `/`): the config and the registry preloaded (the shell's entry asks
 * for both the moment it runs, startup-fetches.ts), and, for a path an area owns, that area's manifest and
 * remote entry — the two files the shell would otherwise fetch one after the other once it has read the registry.
 * `registryUrl` is the registry's absolute URL; `readManifest(url)` answers the parsed manifest at `url` when it is
 * at hand (npm start reads its own release store), or null. The entry is preloaded as the shell loads it: CORS, with the registry's integrity (integrity-plugin.ts), so the
 * browser reuses the preload instead of fetching it again.
 */
export function shellPageLinks(pathname, registry, registryUrl, readManifest = () => null) {
  // The landing page starts the shell only when it is needed (shell/start-on-interest.js,
  // docs/decisions/0077-landing-page-without-the-shell-until-needed.md): a
  // preload it does not use would be bytes for nothing and a console warning. So does the sign-in page, whose form
  // is drawn in the HTML (docs/decisions/0082-layout-shift-and-startup-work.md).
  if (pathname === '/' || pathname === '/auth/login') return '';
  const links = STARTUP_FILES.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`);
  if (!registry) return links.join(', ');
  const area = findOwner(ownersOf(registry), pathname);
  const entry = area === null ? null : registry.areas[area];
  if (entry) {
    // A manifest URL may be relative to the registry's (shell-contract registry.ts).
    const manifest = new URL(entry.manifest, registryUrl).href;
    links.push(`<${manifest}>; rel=preload; as=fetch; crossorigin=anonymous`);
    // Without a recorded integrity the shell lets Module Federation add a plain <script>: no CORS, no integrity.
    links.push(
      entry.integrity
        ? `<${entryOf(manifest)}>; ${SCRIPT_PRELOAD}; crossorigin=anonymous; integrity="${entry.integrity.entry}"`
        : `<${entryOf(manifest)}>; ${SCRIPT_PRELOAD}`,
    );
    // The area's `./app` chunks, which the remote entry would ask for only once it has run. Loaded as the
    // area's own chunk loading does: plain <script>, no CORS.
    for (const chunk of appChunksOf(readManifest(manifest), manifest))
      links.push(`<${chunk}>; ${SCRIPT_PRELOAD}`);
  }
  return links.join(', ');
}
