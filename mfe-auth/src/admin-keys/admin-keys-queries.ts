import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

export const adminKeysKeys = { all: ['admin', 'api-keys'] as const };

/** Every account's API keys, newest first, revoked ones included (docs/decisions/0087-api-keys-and-scopes.md). */
export const adminKeysQuery = (api: ShellContext['api']) =>
  queryOptions({
    queryKey: adminKeysKeys.all,
    queryFn: ({ signal }) => call(api, endpoints.apiKeys.adminList, {}, { signal }),
  });
