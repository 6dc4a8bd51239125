import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { NAV_ITEMS } from './chrome/header/nav-items.js';
import { handOverFirstView, prerenderedFirstViewShown } from './prerender/first-view-handover.js';
import { handOverPrerenderedForm, prerenderedLoginShown } from './prerender/login-handover.js';
import { prerenderedViewFor } from './prerender/prerendered-view.js';
import { enableAreaPrefetch } from './chrome/prefetch/preload-remote.js';
import { registerAreas } from './registry/register-areas.js';
import { loadRegistry, routesByArea } from './registry/load-registry.js';
import { AREA_SLOT_ID } from './registry/area-slot.js';
import { preloadOwnArea } from './registry/preload-own-area.js';
import { createAnalytics } from './services/analytics.js';
import { createShellContext } from './services/create-shell-context.js';
import { locationStore, watchLocation } from './services/location-store.js';
import { reportAreaFailures } from './services/report-area-failures.js';
import { watchIdleReload } from './session/idle-reload.js';
import { guardRoute } from './session/route-guard.js';
import { watchSession } from './session/watch-session.js';
import { loadShellConfig } from './services/shell-config.js';
import { ShellApp } from './shell-app.js';
import { findOwner, type RemoteRegistry } from '@tunehouse/shell-contract';
import { errorTitleFor } from '@tunehouse/ui';

/** Announced once the page is hydrated; shell/start-on-interest.js listens for it. */
const SHELL_STARTED_EVENT = 'tunehouse:shell-started';

async function bootstrap(): Promise<void> {
  const config = await loadShellConfig();
  const analytics = createAnalytics(config.apiBaseUrl);
  const services = createShellContext(config, analytics);

  let registry: RemoteRegistry | null = null;
  let registryError: string | null = null;
  try {
    registry = await loadRegistry(config.registryUrl);
    preloadOwnArea(registry, window.location.pathname);
  } catch (error) {
    registryError = error instanceof Error ? error.message : String(error);
    console.error(`[shell] ${registryError}`);
    // The shell's own 503 page: no area can be shown, so the report is the shell's.
    services.shell.errors?.report(error, { area: 'shell' });
  }

  watchLocation();
  window.addEventListener('single-spa:before-routing-event', () => services.shell.progress.start());
  window.addEventListener('single-spa:routing-event', () => services.shell.progress.done());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const owned = registry ? routesByArea(registry) : null;
  const prerendered = prerenderedViewFor(
    container,
    window.location.pathname,
    owned ? (pathname) => findOwner(owned, pathname) !== null : undefined,
  );
  const app = (
    <ShellApp
      services={services}
      analytics={analytics}
      owners={registry ? routesByArea(registry) : null}
      registryError={registryError}
      prerendered={prerendered}
    />
  );
  // The content slot must exist before single-spa mounts the first area into it, and the prerendered markup must
  // be hydrated before an area writes into that slot: both synchronously, here.
  flushSync(() => {
    if (prerendered) hydrateRoot(container, app, { onRecoverableError: reportHydrationError });
    else createRoot(container).render(app);
  });
  // The sign-in form the build drew gives way to the auth area's once it is drawn, with what was typed.
  const slot = document.getElementById(AREA_SLOT_ID);
  if (prerendered?.kind === 'login' && slot)
    handOverPrerenderedForm(container, slot, () => flushSync(() => prerenderedLoginShown.set(false)));
  // An area page's first view, drawn by the build, gives way to the area's page in the frame the area draws it.
  if (prerendered?.firstView && slot)
    handOverFirstView(slot, () => flushSync(() => prerenderedFirstViewShown.set(false)));
  // The landing page's shell/start-on-interest.js replays a click made before the shell ran.
  document.dispatchEvent(new Event(SHELL_STARTED_EVENT));
  const owners = registry ? routesByArea(registry) : {};
  const isOwned = (pathname: string) => findOwner(owners, pathname) !== null;
  const session = services.shell.session;
  // An area only mounts when the guards let its page be seen; watchSession moves the visitor on.
  const canEnter = (location: Location) =>
    guardRoute(`${location.pathname}${location.search}`, session.current(), isOwned) === null;
  watchSession({
    session,
    isEnding: services.session.isEnding,
    isOwned,
    replace: (to) => {
      window.history.replaceState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    here: () => `${window.location.pathname}${window.location.search}`,
    onLocationChange: (listener) => locationStore.subscribe(listener),
    log: (reason) => console.info(`[shell] ${reason}`),
  });
  watchIdleReload();
  if (registry) {
    if (services.shell.errors) reportAreaFailures(registry, services.shell.errors);
    registerAreas(registry, services.shell, canEnter);
    enableAreaPrefetch(
      registry,
      NAV_ITEMS.map((item) => item.href),
    );
  }
  start({ urlRerouteOnly: true });
}

/** A hydration mismatch is React redrawing the page, not a failure of it; logged so tests and profiles see it. */
function reportHydrationError(error: unknown): void {
  console.error('[shell] the prerendered page did not match its first render:', error);
}

/**
 * Last resort when the shell itself cannot start (its config unreadable, a chunk failing to load): plain DOM, so it
 * works even when React is what failed, in the wording of the spec's error page.
 */
function renderStartupFailure(error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  console.error('[shell] could not start:', error);
  const container = document.getElementById('root') ?? document.body;
  const panel = document.createElement('main');
  panel.setAttribute('role', 'alert');
  panel.style.cssText = 'max-width:40rem;margin:4rem auto;padding:0 1rem;font-family:system-ui,sans-serif';
  const title = document.createElement('h1');
  title.textContent = errorTitleFor(500);
  const line = document.createElement('p');
  line.dataset['testid'] = 'error-detail';
  line.textContent = `status: 500 | detail: ${detail}`;
  const back = document.createElement('a');
  back.href = '/';
  back.textContent = 'Take me back';
  panel.append(title, line, back);
  container.replaceChildren(panel);
}

bootstrap().catch(renderStartupFailure);
