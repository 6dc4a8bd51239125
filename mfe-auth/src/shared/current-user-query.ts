import { queryOptions } from '@tanstack/react-query';
import { currentUserSchema } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/** GET /v1/users/me: the signed-in user with what only they see (admin role, e-mail verified, second step). */
export function currentUserQuery(api: ShellContext['api'], userId: string | number | undefined) {
  return queryOptions({
    queryKey: ['users', 'me', userId] as const,
    queryFn: ({ signal }) =>
      api.request({ method: 'GET', path: '/v1/users/me', schema: currentUserSchema, signal }),
    enabled: userId !== undefined,
  });
}
