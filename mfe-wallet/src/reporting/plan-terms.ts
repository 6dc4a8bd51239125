import { formatPercent, type ReportingPlan, settlementAmountDue } from '@tunehouse/contracts';
import { formatMoney, formatCount } from '../shared/money.js';

/** The plan's share kept by the owner, in words. */
export const shareInWords = (plan: ReportingPlan) =>
  `You keep ${formatPercent(plan.share)} of your royalties`;

/** The plan's yearly fee in words: its streams and the most it can cost (cents rounded up), or none. */
export function feeInWords(plan: ReportingPlan, currency: string): string {
  const fee = plan.distributionFee;
  if (!fee || fee.numberOfStreams === 0) return 'No distribution fee';
  const most = formatMoney(settlementAmountDue(fee.numberOfStreams, fee.pricePerStream), currency);
  return `A distribution fee of ${formatCount(fee.numberOfStreams)} streams a year (at most ${most})`;
}
