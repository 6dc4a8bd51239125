import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/** While a submission is under review the status is asked for this often. */
export const PENDING_POLL_MS = 3000;

/** The account's latest identity verification, polled while PENDING until the provider decides. */
export function verificationQuery(api: ShellContext['api'], userId: string | number | undefined) {
  return queryOptions({
    queryKey: ['verifications', 'current', userId] as const,
    queryFn: ({ signal }) => call(api, endpoints.verifications.current, {}, { signal }),
    enabled: userId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_POLL_MS : false),
    // Decided statuses change only by a new submission (which updates the cache itself).
    staleTime: 0,
  });
}
