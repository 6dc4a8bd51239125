import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminPeriod } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import {
  badgeStyle,
  Button,
  Card,
  colors,
  formatMonth,
  Notice,
  tableScroll,
  tableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { formatCount, sourceAmount } from '../shared/money.js';
import { PeriodPanel } from './period-panel.js';
import { cents } from './period-format.js';
import { periodsQuery } from './period-queries.js';
import { RateTableCard } from './rate-table-card.js';
import { STATUS_COLORS, numeric } from './period-styles.js';

/** Revenue of one kind (matched or unmatched) by report currency, one currency a line. */
function ByCurrency({ period, kind }: { period: AdminPeriod; kind: 'matched' | 'unmatched' }) {
  const amounts = period.currencies.filter((entry) => entry[kind] > 0);
  if (amounts.length === 0) return <>—</>;
  return (
    <>
      {amounts.map((entry) => (
        <span key={entry.currency} css={{ display: 'block' }}>
          {sourceAmount(entry[kind], entry.currency)}
        </span>
      ))}
    </>
  );
}

/**
 * /admin/periods: the monthly royalty periods with their reports, matched and unmatched revenue and missing
 * exchange rates; one opens to enter rates, preview its close and close it (docs/decisions/0042-ledger-and-periods.md).
 */
export function PeriodsSection() {
  const shell = useShell();
  const periods = useQuery(periodsQuery(shell.api));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = periods.data?.items.find((period) => period.id === openId);

  return (
    <>
      <Card title="Royalty periods" id="periods">
        <p css={{ color: colors.inkSoft, marginTop: 0 }}>
          One period per calendar month. Reports add revenue to the month of their usage while it is open,
          else to the next open month. Closing a period pays the fee collection, the plan commission and each
          owner’s share, rounded to cents once; a closed period never changes.
        </p>
        {periods.isError && <Notice tone="error">{messageOf(periods.error)}</Notice>}
        {periods.isPending && <p role="status">Loading the periods…</p>}
        {periods.data && periods.data.items.length === 0 && (
          <Notice>No period yet: one appears when a report with revenue is loaded.</Notice>
        )}
        {periods.data && periods.data.items.length > 0 && (
          <div css={tableScroll}>
            <table css={tableStyle} aria-label="Periods">
              <thead>
                <tr>
                  <th>Month</th>
                  <th>Status</th>
                  <th css={numeric}>Reports</th>
                  <th css={numeric}>Lines</th>
                  <th css={numeric}>Matched revenue</th>
                  <th css={numeric}>Unmatched revenue</th>
                  <th>Missing rates</th>
                  <th css={numeric}>Credited</th>
                  <th>
                    <span css={visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {periods.data.items.map((period) => (
                  <tr key={period.id} data-period={period.id}>
                    <td css={{ whiteSpace: 'nowrap' }}>
                      <strong>{formatMonth(period.month)}</strong>
                    </td>
                    <td>
                      <span css={badgeStyle(STATUS_COLORS[period.status])}>{period.status}</span>
                    </td>
                    <td css={numeric}>{formatCount(period.reports)}</td>
                    <td css={numeric}>
                      {formatCount(period.lines)}
                      {period.unmatchedLines > 0 && (
                        <span css={{ display: 'block', color: colors.muted }}>
                          {formatCount(period.unmatchedLines)} unmatched
                        </span>
                      )}
                    </td>
                    <td css={numeric}>
                      <ByCurrency period={period} kind="matched" />
                    </td>
                    <td css={numeric}>
                      <ByCurrency period={period} kind="unmatched" />
                    </td>
                    <td>
                      {period.missingRates.length > 0 ? (
                        <span css={{ color: colors.danger, fontWeight: 600 }}>
                          {period.missingRates.join(', ')}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td css={numeric}>
                      {period.statement ? cents(period.statement.credited, period.currency) : '—'}
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        aria-label={`Open ${formatMonth(period.month)}`}
                        aria-expanded={openId === period.id}
                        onClick={() => setOpenId(openId === period.id ? null : period.id)}
                      >
                        {period.status === 'OPEN' ? 'Rates and close' : 'Totals'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <RateTableCard />
      {open && <PeriodPanel key={open.id} period={open} />}
    </>
  );
}
