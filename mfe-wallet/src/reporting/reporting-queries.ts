import { queryOptions } from '@tanstack/react-query';
import { call, endpoints, type LicenseListQuery } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { walletKeys } from '../shared/wallet-queries.js';

type Api = ShellContext['api'];

/** The sort the licence table asks for: one of the call's sort fields and a direction. */
export type LicenceSort = Pick<LicenseListQuery, 'order_by' | 'order'>;

/** Under the wallet's keys, so whatever refreshes the wallet (a takedown's settlement) refreshes these too. */
export const reportingKeys = {
  all: [...walletKeys.all, 'reporting'] as const,
  plan: () => [...reportingKeys.all, 'standard-plan'] as const,
  licences: (sort: LicenceSort) => [...reportingKeys.all, 'licences', sort] as const,
  fees: (offset: number) => [...reportingKeys.all, 'fees', offset] as const,
  collections: (feeId: string) => [...reportingKeys.all, 'collections', feeId] as const,
};

export function standardPlanQuery(api: Api) {
  return queryOptions({
    queryKey: reportingKeys.plan(),
    queryFn: ({ signal }) => call(api, endpoints.licensing.standardPlan, {}, { signal }),
  });
}

/** The account's licences in the table's sort; the rows shown stay while another sort loads. */
export function licencesQuery(api: Api, sort: LicenceSort) {
  return queryOptions({
    queryKey: reportingKeys.licences(sort),
    queryFn: ({ signal }) =>
      call(api, endpoints.licensing.licenses, { query: { ...sort, size: 200 } }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export const FEES_PAGE_SIZE = 20;

/** Every distribution fee of the account, settled or not, newest first, a page at a time. */
export function allFeesQuery(api: Api, offset: number) {
  return queryOptions({
    queryKey: reportingKeys.fees(offset),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.licensing.distributionFees,
        { query: { offset, size: FEES_PAGE_SIZE } },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/** The stream-collection entries that paid one fee (asked for when the fee is opened). */
export function feeCollectionsQuery(api: Api, feeId: string) {
  return queryOptions({
    queryKey: reportingKeys.collections(feeId),
    queryFn: ({ signal }) =>
      call(api, endpoints.licensing.feeCollections, { params: { id: feeId } }, { signal }),
  });
}
