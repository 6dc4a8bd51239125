import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { payoutKeys } from './payout-queries.js';

type Api = ShellContext['api'];

// The billing group's reads (docs/decisions/0074-one-name-per-money-concept.md). Their keys stay under the payouts'
// key: a new or removed bank account changes where a payout may go, so invalidating payoutKeys.all refreshes both.

export function methodsQuery(api: Api) {
  return queryOptions({
    queryKey: payoutKeys.methods(),
    queryFn: ({ signal }) => call(api, endpoints.billing.methods, {}, { signal }),
  });
}

export function billingQuery(api: Api) {
  return queryOptions({
    queryKey: payoutKeys.billing(),
    queryFn: ({ signal }) => call(api, endpoints.billing.billingDetails, {}, { signal }),
  });
}
