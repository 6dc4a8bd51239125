import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { Wallet, WalletMutation } from '@tunehouse/contracts';
import { Link, MoneyReadOnlyNotice, QueryState, usePageMeta, useShell } from '@tunehouse/area-kit';
import { Card, FIRST_VIEWS, Page, colors, formatDate, formatMonth, mq } from '@tunehouse/ui';
import { DistributionFees } from './distribution-fees.js';
import { Earnings, EarningsPlaceholder } from './earnings.js';
import { formatMoney } from '../shared/money.js';
import { MutationTable } from './mutation-table.js';
import { earningsQuery, mutationsQuery, openFeesQuery, walletQuery } from '../shared/wallet-queries.js';

/**
 * One statement link a line, each at least 24 px tall (WCAG 2.5.8, target size): at the text's own height the links
 * of consecutive months touched, too small to tap one on a phone.
 */
const statementListStyle = css`
  a {
    display: inline-block;
    min-height: 24px;
    padding-block: 4px;
  }
`;

const figuresStyle = css`
  display: grid;
  gap: 1rem;
  margin: 0;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  dt {
    color: ${colors.inkSoft};
    font-size: 0.9rem;
  }
  dd {
    margin: 0.2rem 0 0;
    font-size: 1.3rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const BALANCE_LABELS = [
  'Available',
  'Split income awaiting acceptance',
  'Payouts in flight',
  'Lifetime earnings',
] as const;

function Balance({ wallet }: { wallet: Wallet }) {
  const money = (cents: number) => formatMoney(cents, wallet.currency);
  const values = [
    wallet.available,
    wallet.held.splitsPendingAcceptance,
    wallet.held.payoutsInFlight,
    wallet.lifetimeEarnings,
  ];
  return (
    <>
      <dl css={figuresStyle}>
        {BALANCE_LABELS.map((label, index) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{money(values[index] ?? 0)}</dd>
          </div>
        ))}
      </dl>
      {wallet.available < 0 && (
        // docs/decisions/0078-corrections-and-negative-balances.md: the debt, said plainly. After the list, not in
        // it: a <dl>'s groups may hold only <dt> and <dd> (axe's definition-list rule).
        <p role="note">
          You owe {money(-wallet.available)}: a platform took back royalties it had already paid (a
          correction). Your next royalties cover this first, and payouts open again once your balance is above
          zero.
        </p>
      )}
    </>
  );
}

/** The balance's shape before it loads: the same labels over empty figures, so nothing moves when they arrive. */
function BalancePlaceholder() {
  return (
    <dl css={figuresStyle}>
      {BALANCE_LABELS.map((label) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{'\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The closed periods the wallet was credited in, newest first, from its royalty mutations; the last closed period
 * (known by month) comes first even when it credited nothing.
 */
function statementLinks(wallet: Wallet, royalties: readonly WalletMutation[]) {
  const links = new Map<string, string>();
  if (wallet.lastClosedPeriod)
    links.set(wallet.lastClosedPeriod.id, formatMonth(wallet.lastClosedPeriod.month));
  for (const mutation of royalties)
    if (mutation.periodId && !links.has(mutation.periodId))
      links.set(
        mutation.periodId,
        mutation.periodMonth ? formatMonth(mutation.periodMonth) : `credited ${formatDate(mutation.date)}`,
      );
  return [...links.entries()].map(([id, label]) => ({ id, label }));
}

/** The wallet's currency, once the balance has loaded (the cards below show amounts in it). */
function useWalletCurrency(): string {
  const shell = useShell();
  return useQuery(walletQuery(shell.api)).data?.currency ?? 'EUR';
}

function BalanceCard() {
  const shell = useShell();
  const wallet = useQuery(walletQuery(shell.api));
  return (
    <Card title="Balance" id="balance">
      <QueryState query={wallet} what="the balance" placeholder={<BalancePlaceholder />}>
        {(data) => <Balance wallet={data} />}
      </QueryState>
    </Card>
  );
}

function EarningsCard() {
  const shell = useShell();
  const earnings = useQuery(earningsQuery(shell.api));
  return (
    <Card title="Earnings per month" id="earnings">
      <QueryState query={earnings} what="the earnings" placeholder={<EarningsPlaceholder />}>
        {(data) => <Earnings earnings={data} />}
      </QueryState>
    </Card>
  );
}

function LatestMutationsCard() {
  const shell = useShell();
  const latest = useQuery(mutationsQuery(shell.api, { offset: 0, size: 5 }));
  const currency = useWalletCurrency();
  return (
    <Card title="Latest mutations" id="latest-mutations">
      <QueryState query={latest} what="the mutations">
        {(page) =>
          page.items.length === 0 ? (
            <p>No money has moved in this wallet yet.</p>
          ) : (
            <MutationTable mutations={page.items} currency={currency} label="Latest mutations" />
          )
        }
      </QueryState>
      <p>
        <Link to="/wallet/mutations">All mutations</Link>
      </p>
    </Card>
  );
}

function DistributionFeesCard() {
  const shell = useShell();
  const fees = useQuery(openFeesQuery(shell.api));
  const currency = useWalletCurrency();
  return (
    <Card title="Distribution fees" id="distribution-fees">
      <QueryState query={fees} what="the distribution fees">
        {(page) => <DistributionFees fees={page.items} currency={currency} />}
      </QueryState>
      <p>
        <Link to="/wallet/reporting">Licences and all fees, with the streams that paid them</Link>
      </p>
    </Card>
  );
}

function StatementsCard() {
  const shell = useShell();
  const wallet = useQuery(walletQuery(shell.api));
  const royalties = useQuery(mutationsQuery(shell.api, { type: 'ROYALTIES', offset: 0, size: 50 }));
  return (
    <Card title="Statements" id="statements">
      <QueryState query={wallet} what="the statements">
        {(data) => {
          const links = statementLinks(data, royalties.data?.items ?? []);
          if (links.length === 0) return <p>No period has closed yet.</p>;
          return (
            <ul css={statementListStyle}>
              {links.map((link) => (
                <li key={link.id}>
                  <Link to={`/wallet/periods/${link.id}`}>Statement {link.label}</Link>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Card>
  );
}

/**
 * /wallet: balance and held amounts, earnings per closed month, the latest mutations, distribution fees and the
 * period statements. The payouts feature's panel comes from the area, which composes the features.
 *
 * Each card asks for its own data. A query's answer re-renders the cards that read it, not the whole page: the
 * answers arrive one by one, and TanStack Query's updates render synchronously, so on a slow phone five renders of
 * the whole page were five long tasks (docs/decisions/0092-fewer-startup-files-at-low-priority.md).
 */
export function WalletPage({ payoutPanel }: { payoutPanel?: ReactNode }) {
  usePageMeta('Wallet');
  return (
    <Page {...FIRST_VIEWS['/wallet']}>
      <MoneyReadOnlyNotice />
      <BalanceCard />
      {payoutPanel}
      <EarningsCard />
      <LatestMutationsCard />
      <DistributionFeesCard />
      <StatementsCard />
    </Page>
  );
}
