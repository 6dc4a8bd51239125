import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type PayoutStatus } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

/** Under the wallet's key: a payout changes the balance, so invalidating ['wallet'] refreshes both. */
export const payoutKeys = {
  all: ['wallet', 'payouts'] as const,
  eligibility: () => [...payoutKeys.all, 'eligibility'] as const,
  list: (params: { offset: number; size: number; status?: PayoutStatus | undefined }) =>
    [...payoutKeys.all, 'list', params] as const,
  methods: () => [...payoutKeys.all, 'methods'] as const,
  billing: () => [...payoutKeys.all, 'billing'] as const,
  invoice: (id: string) => [...payoutKeys.all, 'invoice', id] as const,
};

export function eligibilityQuery(api: Api) {
  return queryOptions({
    queryKey: payoutKeys.eligibility(),
    queryFn: ({ signal }) => call(api, endpoints.payouts.eligibility, {}, { signal }),
  });
}

export function payoutsQuery(api: Api, params: { offset: number; size: number; status?: PayoutStatus }) {
  return queryOptions({
    queryKey: payoutKeys.list(params),
    queryFn: ({ signal }) => call(api, endpoints.payouts.list, { query: params }, { signal }),
    placeholderData: (previous) => previous,
  });
}
