import { queryOptions } from '@tanstack/react-query';
import {
  formatPercent,
  type AlbumDistributionFee,
  type Id,
  type ReportingPlan,
  call,
  endpoints,
  settlementAmountDue,
} from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { formatAmount } from './format.js';
import { releaseKeys } from './queries.js';

type Api = ShellContext['api'];

/**
 * GET /v1/albums/{id}/distribution-fee: the album's fee with what a takedown would cost, or null when the release
 * has no fee (the API answers 204). Under the album's key, so a takedown or publish refreshes it.
 */
export function albumFeeQuery(api: Api, id: Id) {
  return queryOptions({
    queryKey: releaseKeys.fee(id),
    queryFn: async ({ signal }): Promise<AlbumDistributionFee | null> =>
      (await call(api, endpoints.licensing.albumFee, { params: { id: String(id) } }, { signal })) ?? null,
  });
}

/**
 * POST /v1/reporting/licenses/suggestions: the licence the album holds, or the one publishing it would make (the
 * plan suggested to the account, with its share and fee).
 */
export function licenceSuggestionQuery(api: Api, albumId: Id) {
  return queryOptions({
    queryKey: [...releaseKeys.album(albumId), 'licence'] as const,
    queryFn: ({ signal }) =>
      call(api, endpoints.licensing.licenseSuggestion, { body: { albumId } }, { signal }),
  });
}

/**
 * GET /v1/reporting/plans: every plan, whether the account may choose it at publishing (and why not), and the one
 * suggested to it. The API decides; the review step only shows it.
 */
export function planOptionsQuery(api: Api) {
  return queryOptions({
    queryKey: ['reporting', 'plan-options'] as const,
    queryFn: ({ signal }) => call(api, endpoints.licensing.plans, {}, { signal }),
  });
}

/** A plan's share and fee in plain words (amounts in the platform currency, cents). */
export function planInWords(plan: ReportingPlan, currency: string): string {
  const keeps =
    plan.share >= 10_000
      ? 'You keep all of your royalties'
      : `You keep ${formatPercent(plan.share)} of your royalties (the rest is our commission)`;
  const fee = plan.distributionFee;
  if (!fee || fee.numberOfStreams === 0) return `${keeps}, and there is no distribution fee.`;
  const most = formatAmount(settlementAmountDue(fee.numberOfStreams, fee.pricePerStream), currency);
  return (
    `${keeps}. Each year the royalties of the release's first ${fee.numberOfStreams.toLocaleString('en')} ` +
    `streams pay its distribution fee instead of a charge up front — at most ${most}, and less if it has fewer ` +
    'streams that year. Taking it down before they are collected costs what is left of the fee.'
  );
}
