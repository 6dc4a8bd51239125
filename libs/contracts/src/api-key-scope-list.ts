/**
 * Every scope an API key can hold and whether granting it needs the second step (a money scope), written out so that
 * the keys page can list them without importing every endpoint definition: `keyScopes()` (endpoints/scopes.ts)
 * derives the same list from the definitions and weighs about 55 KB in the page's chunk
 * (docs/decisions/0090-report-loaded-and-admin-keys.md). `api-key-scope-list.test.ts` fails when the two differ:
 * a new scope, or a call that starts or stops moving money, is added here too.
 */
export const API_KEY_SCOPES: ReadonlyArray<{ scope: string; money: boolean }> = [
  { scope: 'account:read', money: false },
  { scope: 'account:write', money: false },
  { scope: 'artists:read', money: false },
  { scope: 'artists:write', money: false },
  { scope: 'billing:read', money: false },
  { scope: 'billing:write', money: true },
  { scope: 'contributors:read', money: false },
  { scope: 'contributors:write', money: false },
  { scope: 'licensing:read', money: false },
  { scope: 'licensing:write', money: false },
  { scope: 'payments:read', money: false },
  { scope: 'payments:write', money: true },
  { scope: 'payouts:read', money: false },
  { scope: 'payouts:write', money: true },
  { scope: 'releases:read', money: false },
  { scope: 'releases:takedown', money: true },
  { scope: 'releases:write', money: false },
  { scope: 'splits:read', money: false },
  { scope: 'splits:write', money: true },
  { scope: 'trends:read', money: false },
  { scope: 'wallet:read', money: false },
  { scope: 'webhooks:read', money: false },
  { scope: 'webhooks:write', money: false },
];
