import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/** The signed-in user with what only they see (admin role, e-mail verified, second step). */
export function currentUserQuery(api: ShellContext['api'], userId: string | number | undefined) {
  return queryOptions({
    queryKey: ['users', 'me', userId] as const,
    queryFn: ({ signal }) => call(api, endpoints.users.me, {}, { signal }),
    enabled: userId !== undefined,
  });
}
