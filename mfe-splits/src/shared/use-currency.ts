import { useQuery } from '@tanstack/react-query';
import { useShell } from '@tunehouse/area-kit';
import { formatMoney } from '@tunehouse/contracts';
import { currencyQuery } from './split-queries.js';

/** Cents as money in the platform currency (euros until the wallet has answered). */
export function useMoney(): (cents: number) => string {
  const shell = useShell();
  const currency = useQuery(currencyQuery(shell.api)).data ?? 'EUR';
  return (cents) => formatMoney(cents, currency);
}
