import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { payoutKeys } from '../shared/payout-queries.js';

/** A payout's self-billing invoice, under the payouts' key (the invoices group). */
export function invoiceQuery(api: ShellContext['api'], id: string) {
  return queryOptions({
    queryKey: payoutKeys.invoice(id),
    queryFn: ({ signal }) => call(api, endpoints.invoices.get, { params: { id } }, { signal }),
  });
}
