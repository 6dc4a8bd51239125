import { type Endpoint, flattenEndpoints } from './define.js';
import * as endpointsByGroup from './groups.js';

/**
 * What an API key may call (docs/decisions/0087-api-keys-and-scopes.md). Each group of `endpoints` declares the
 * resource its scopes are named after, or `never` when no key may call it (signing in, the account's own security,
 * administration, key management itself). An endpoint's scope is that resource plus `read` for a GET and `write`
 * otherwise, unless its metadata names one (`scope`) or refuses keys (`keys: 'never'`). A group missing here is a
 * compile error, and `api/src/scope-coverage.test.ts` checks every endpoint resolves.
 */
export const GROUP_SCOPES = {
  accounts: 'never',
  accountSecurity: 'never',
  admin: 'never',
  apiKeys: 'never',
  audit: 'never',
  botCheck: 'never',
  events: 'never',
  health: 'never',
  sessions: 'never',
  users: 'account',
  verifications: 'account',
  reports: 'never',
  artists: 'artists',
  releases: 'releases',
  media: 'releases',
  contributors: 'contributors',
  periods: 'never',
  trends: 'trends',
  licensing: 'licensing',
  splits: 'splits',
  wallet: 'wallet',
  billing: 'billing',
  payouts: 'payouts',
  invoices: 'wallet',
  payments: 'payments',
  operations: 'never',
  webhooks: 'webhooks',
} as const satisfies Record<keyof typeof endpointsByGroup, string>;

/** How a key stands to one endpoint. */
export type KeyAccess =
  /** Anyone may call it; a key adds nothing. */
  | { kind: 'public' }
  /** No key may call it, whatever its scopes. */
  | { kind: 'never' }
  /** A key with this scope may call it. */
  | { kind: 'scope'; scope: string };

const SCOPE_PATTERN = /^[a-z]+:[a-z]+$/;

/** The key access of an endpoint named `name` in `endpoints` (`releases.albums.list`). */
export function keyAccessOf(name: string, endpoint: Endpoint): KeyAccess {
  const { access, keys, scope } = endpoint.metadata;
  if (access === 'public') return { kind: 'public' };
  if (access === 'admin' || keys === 'never') return { kind: 'never' };
  const group = name.split('.')[0] as keyof typeof GROUP_SCOPES;
  const resource = GROUP_SCOPES[group];
  if (resource === undefined) throw new Error(`${name}: its group declares no scope in GROUP_SCOPES`);
  if (resource === 'never') return { kind: 'never' };
  return { kind: 'scope', scope: scope ?? `${resource}:${endpoint.method === 'GET' ? 'read' : 'write'}` };
}

type ScopeInfo = { scope: string; money: boolean; operations: string[] };

let cached: ScopeInfo[] | undefined;

/**
 * Every scope a key can hold, with the operations it opens. A scope that opens a call moving money or deciding where
 * it goes (`metadata.moneyRouting`) is a money scope: granting it needs the second-step check.
 */
export function keyScopes(): ScopeInfo[] {
  if (cached) return cached;
  const byScope = new Map<string, ScopeInfo>();
  for (const [name, endpoint] of flattenEndpoints(endpointsByGroup)) {
    const access = keyAccessOf(name, endpoint);
    if (access.kind !== 'scope') continue;
    if (!SCOPE_PATTERN.test(access.scope))
      throw new Error(`${name}: scope ${access.scope} is not resource:access`);
    const info = byScope.get(access.scope) ?? { scope: access.scope, money: false, operations: [] };
    info.operations.push(name);
    if (endpoint.metadata.moneyRouting) info.money = true;
    byScope.set(access.scope, info);
  }
  cached = [...byScope.values()].sort((a, b) => a.scope.localeCompare(b.scope));
  return cached;
}

/** The scopes that need the second-step check to grant. */
export const moneyScopes = (): string[] =>
  keyScopes()
    .filter((info) => info.money)
    .map((info) => info.scope);
