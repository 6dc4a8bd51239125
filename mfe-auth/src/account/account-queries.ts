import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call, type CurrentUser, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/** The signed-in user's active sessions, this one marked `current`. */
export function activeSessionsQuery(api: ShellContext['api'], userId: string | number | undefined) {
  return queryOptions({
    queryKey: ['sessions', userId] as const,
    queryFn: ({ signal }) => call(api, endpoints.accountSecurity.listSessions, {}, { signal }),
    enabled: userId !== undefined,
  });
}

/** The API answered the changed user: every cached copy of the current user takes it. */
export function storeCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueriesData<CurrentUser>({ queryKey: ['users', 'me'] }, user);
}
