import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { registerAreas } from './registry/register-areas.js';
import { loadRegistry, routesByArea } from './registry/load-registry.js';
import { createAnalytics } from './services/analytics.js';
import { createShellContext } from './services/create-shell-context.js';
import { watchLocation } from './services/location-store.js';
import { loadShellConfig } from './services/shell-config.js';
import { ShellApp } from './shell-app.js';
import type { RemoteRegistry } from '@tunehouse/shell-contract';

async function bootstrap(): Promise<void> {
  const config = await loadShellConfig();
  const services = createShellContext(config);
  const analytics = createAnalytics(config.apiBaseUrl);

  let registry: RemoteRegistry | null = null;
  let registryError: string | null = null;
  try {
    registry = await loadRegistry(config.registryUrl);
  } catch (error) {
    registryError = error instanceof Error ? error.message : String(error);
    console.error(`[shell] ${registryError}`);
  }

  watchLocation();
  window.addEventListener('single-spa:before-routing-event', () => services.shell.progress.start());
  window.addEventListener('single-spa:routing-event', () => services.shell.progress.done());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The content slot must exist before single-spa mounts the first area into it.
  flushSync(() =>
    root.render(
      <ShellApp
        services={services}
        analytics={analytics}
        owners={registry ? routesByArea(registry) : null}
        registryError={registryError}
      />,
    ),
  );
  if (registry) registerAreas(registry, services.shell);
  start({ urlRerouteOnly: true });
}

void bootstrap();
