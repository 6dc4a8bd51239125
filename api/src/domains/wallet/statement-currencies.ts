import type { StatementCurrency } from '@tunehouse/contracts';
import { apportion } from '../ledger/index.js';

/**
 * The revenue of the account's own tracks in one report currency, usage or corrections: the source amount (micro-
 * units of `currency`), the rate the close converted it with (null for the platform currency), and its weight (the
 * source amount times the rate, in any unit proportional to the platform currency).
 */
export type CurrencyGroup = {
  currency: string;
  correction: boolean;
  sourceMicro: bigint;
  rate: string | null;
  weight: bigint;
};

/**
 * The statement's currency rows (docs/decisions/0080-exchange-rate-tables.md): each report currency, its rate and
 * its revenue in the platform currency. The close converted per track and currency, so the statement's revenue is
 * apportioned over the currencies by largest remainder on the exact converted weights, once for usage and once
 * for corrections (by magnitude): the rows sum to the statement's revenue exactly and each lies within a
 * micro-unit per track of its exact conversion.
 */
export function currencyRows(
  groups: readonly CurrencyGroup[],
  revenueMicro: bigint,
  correctionsMicro: bigint,
): StatementCurrency[] {
  const rows = new Map<string, { source: bigint; rate: string | null; revenue: bigint }>();
  for (const group of groups) {
    const row = rows.get(group.currency) ?? { source: 0n, rate: group.rate, revenue: 0n };
    row.source += group.sourceMicro;
    rows.set(group.currency, row);
  }
  const share = (correction: boolean, whole: bigint) => {
    const sign = correction ? -1n : 1n;
    const part = groups.filter((group) => group.correction === correction);
    if (part.length === 0 || whole === 0n) return;
    const weights = part.map((group) => sign * group.weight);
    const parts = weights.some((weight) => weight > 0n)
      ? apportion(sign * whole, weights)
      : apportion(
          sign * whole,
          part.map(() => 1n),
        );
    part.forEach((group, index) => (rows.get(group.currency)!.revenue += sign * parts[index]!));
  };
  share(false, revenueMicro - correctionsMicro);
  share(true, correctionsMicro);
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, row]) => ({
      currency,
      sourceRevenue: Number(row.source),
      rate: row.rate,
      revenue: Number(row.revenue),
    }));
}
