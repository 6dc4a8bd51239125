import { allEndpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedRoute } from './platform/route-table.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/**
 * Every endpoint is defined once in libs/contracts and the API registers its route from that definition: a route
 * the API serves without a definition, or a definition the API does not serve, fails here. And one name per
 * concept (docs/decisions/0074-one-name-per-money-concept.md): each group of `endpoints` is served by the API
 * domain folder of the same name, in kebab case (`accountSecurity` by `api/src/domains/account-security/`), with no
 * exceptions: a domain that serves several resources holds them as routers of one group (`releases.albums`,
 * docs/decisions/0083-one-releases-group.md).
 */
let t: TestApp;
let served: ServedRoute[] = [];

/**
 * Not endpoints of the product: the API's own documentation pages, and the CORS plugin's preflight answer, which
 * it registers as `OPTIONS *` for every path.
 */
const isInfrastructure = ({ method, url }: ServedRoute) =>
  url === '/docs' || url.startsWith('/docs/') || (method === 'OPTIONS' && url === '*');

beforeAll(async () => {
  t = await createTestApp();
  served = t.app.servedRoutes.filter((route) => !isInfrastructure(route));
}, 60_000);
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

/** `accountSecurity` → `account-security`: a group's name as a domain folder's. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('endpoint definitions and routes', () => {
  it('serves every defined endpoint, from its definition', () => {
    const registered = new Set(served.filter((route) => route.endpoint).map((r) => key(r.method, r.url)));
    const missing = allEndpoints()
      .map(([name, endpoint]) => `${name}: ${key(endpoint.method, endpoint.path)}`)
      .filter((line) => !registered.has(line.slice(line.indexOf(': ') + 2)));
    expect(missing).toEqual([]);
  });

  it('serves no route that has no definition', () => {
    const undefinedRoutes = served.filter((route) => !route.endpoint).map((r) => key(r.method, r.url));
    expect(undefinedRoutes).toEqual([]);
  });

  it('serves each group from the domain folder of its name', () => {
    const groupOf = new Map(allEndpoints().map(([name, endpoint]) => [endpoint, name.split('.')[0]!]));
    const misplaced = served.flatMap(({ endpoint, domain, method, url }) => {
      const group = endpoint && groupOf.get(endpoint);
      if (!group) return [];
      const expected = kebab(group);
      return domain === expected ? [] : [`${group} (${key(method, url)}) served by ${domain ?? 'no domain'}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('defines each method and path once', () => {
    const keys = allEndpoints().map(([, endpoint]) => key(endpoint.method, endpoint.path));
    expect(keys.filter((k, index) => keys.indexOf(k) !== index)).toEqual([]);
  });
});
