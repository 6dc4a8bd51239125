import type { FastifyInstance } from 'fastify';
import { DOMAIN_CONFIG_KEY, ENDPOINT_CONFIG_KEY } from './endpoint-routes.js';
import type { Endpoint } from '@tunehouse/contracts';

/** A route the application serves, and the endpoint definition it was registered from (if any). */
export interface ServedRoute {
  method: string;
  url: string;
  endpoint: Endpoint | undefined;
  /** The API domain folder whose routes registered it (`api/src/domains/<domain>/`), when one did. */
  domain: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRoutes`, in order (HEAD twins left out). */
    servedRoutes: ServedRoute[];
  }
}

/** Keeps a list of the routes the application serves, for the test that checks them against the definitions. */
export function recordRoutes(app: FastifyInstance): void {
  const served: ServedRoute[] = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as Record<string, unknown> | undefined;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      served.push({
        method,
        url: route.url,
        endpoint: config?.[ENDPOINT_CONFIG_KEY] as Endpoint | undefined,
        domain: config?.[DOMAIN_CONFIG_KEY] as string | undefined,
      });
    }
  });
}
