import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoints, formatMoney } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';
import { useShell } from './shell-react-context.js';

/** What a page shows before the wallet has answered: the platform currency of the demo and the default settings. */
const UNTIL_KNOWN = 'EUR';

/**
 * The platform currency, which every fee, split and plan amount is in. Those answers carry minor units without
 * naming it; the wallet names it, and every account has one. Asked once per page load (it never changes while the
 * API runs).
 */
export function platformCurrencyQuery(api: ShellContext['api']) {
  return queryOptions({
    queryKey: ['platform-currency'] as const,
    queryFn: ({ signal }) => call(api, endpoints.wallet.get, {}, { signal }),
    select: (wallet) => wallet.currency,
    staleTime: Infinity,
  });
}

/** The platform currency's code (euros until the wallet has answered). */
export function usePlatformCurrency(): string {
  const shell = useShell();
  return useQuery(platformCurrencyQuery(shell.api)).data ?? UNTIL_KNOWN;
}

/** Minor units as money in the platform currency. */
export function useMoney(): (minorUnits: number) => string {
  const currency = usePlatformCurrency();
  return (minorUnits) => formatMoney(minorUnits, currency);
}
