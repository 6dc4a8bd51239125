import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/** How often a PENDING payment is asked about again while its page is open. */
export const PENDING_REFRESH_MS = 2_000;

/** One payment; refetched every 2 s while the provider has not decided it (the API asks the provider each time). */
export function paymentQuery(api: ShellContext['api'], id: string) {
  return queryOptions({
    queryKey: ['wallet', 'payments', id] as const,
    queryFn: ({ signal }) => call(api, endpoints.payments.get, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_REFRESH_MS : false),
  });
}

/** One card set-up; refetched every 2 s while PENDING (the API asks the provider each time). */
export function setupQuery(api: ShellContext['api'], id: string) {
  return queryOptions({
    queryKey: ['wallet', 'payment-method-setups', id] as const,
    queryFn: ({ signal }) => call(api, endpoints.payments.setup, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_REFRESH_MS : false),
  });
}
