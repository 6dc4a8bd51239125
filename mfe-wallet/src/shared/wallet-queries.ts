import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type StatementBucket, type WalletMutationType } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

type Api = ShellContext['api'];

export interface MutationListParams {
  type?: WalletMutationType | undefined;
  from?: string | undefined;
  to?: string | undefined;
  offset: number;
  size: number;
}

/** Everything of the area under ['wallet']. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  earnings: () => [...walletKeys.all, 'earnings'] as const,
  mutations: (params: MutationListParams) => [...walletKeys.all, 'mutations', params] as const,
  statement: (periodId: string, bucket: StatementBucket) =>
    [...walletKeys.all, 'statement', periodId, bucket] as const,
  fees: () => [...walletKeys.all, 'distribution-fees'] as const,
};

export function walletQuery(api: Api) {
  return queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => call(api, endpoints.wallet.get, {}, { signal }),
  });
}

/** What the last 12 closed months credited the wallet, oldest first. */
export function earningsQuery(api: Api) {
  return queryOptions({
    queryKey: walletKeys.earnings(),
    queryFn: ({ signal }) => call(api, endpoints.wallet.earnings, {}, { signal }),
  });
}

/** A page of the wallet's mutations; the page shown stays while the next one loads. */
export function mutationsQuery(api: Api, params: MutationListParams) {
  return queryOptions({
    queryKey: walletKeys.mutations(params),
    queryFn: ({ signal }) => call(api, endpoints.wallet.mutations, { query: params }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function statementQuery(api: Api, periodId: string, bucket: StatementBucket) {
  return queryOptions({
    queryKey: walletKeys.statement(periodId, bucket),
    queryFn: ({ signal }) =>
      call(api, endpoints.wallet.statement, { params: { id: periodId }, query: { bucket } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Distribution fees still being collected from royalties (not settled), newest first. */
export function openFeesQuery(api: Api) {
  return queryOptions({
    queryKey: walletKeys.fees(),
    queryFn: ({ signal }) =>
      call(api, endpoints.licensing.distributionFees, { query: { settled: false, size: 10 } }, { signal }),
  });
}
