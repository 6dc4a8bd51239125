import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPeriod, PeriodClosePreview, PeriodStatement, PeriodTotals } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import {
  badgeStyle,
  Button,
  Card,
  colors,
  ConfirmDialog,
  formatMonth,
  Notice,
  tableScroll,
  tableStyle,
  TextField,
} from '@tunehouse/ui';
import { formatCount } from '../shared/money.js';
import { cents, formatDay, micro, parseRate, rateText } from './period-format.js';
import { closePeriod, periodKeys, periodQuery, previewClose, setRate } from './period-queries.js';
import { STATUS_COLORS, numeric } from './period-styles.js';

const PARTS: { key: keyof PeriodTotals; label: string }[] = [
  { key: 'revenue', label: 'Matched revenue' },
  { key: 'feeCollected', label: 'Distribution fees collected' },
  { key: 'commission', label: 'Plan commission' },
  { key: 'credited', label: 'Credited to wallets' },
  { key: 'held', label: 'Held for unaccepted splits' },
  { key: 'unmatched', label: 'Unmatched (kept apart)' },
];

/** The allocation of a period: exact micro-units beside the cents the ledger moves. */
function TotalsTable({
  label,
  totals,
  statement,
  currency,
}: {
  label: string;
  totals: PeriodTotals;
  statement: PeriodStatement;
  currency: string;
}) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone.
    <div css={tableScroll} tabIndex={0} role="region" aria-label={`${label}, table`}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th>Part</th>
            <th css={numeric}>Exact</th>
            <th css={numeric}>Paid (cents)</th>
          </tr>
        </thead>
        <tbody>
          {PARTS.map(({ key, label: partLabel }) => (
            <tr key={key}>
              <td>{partLabel}</td>
              <td css={numeric}>{micro(totals[key], currency)}</td>
              <td css={numeric}>{cents(statement[key], currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One report currency's rate into the platform currency, editable while the period is open. It shows the exact rate
 * the close converts with (a table's has up to 12 significant digits) and where it came from.
 */
function RateRow({ period, entry }: { period: AdminPeriod; entry: AdminPeriod['currencies'][number] }) {
  const { currency, ratePpb, rate, rateSource } = entry;
  const shell = useShell();
  const queryClient = useQueryClient();
  const [text, setText] = useState(rate ?? (ratePpb ? rateText(ratePpb) : ''));
  const [invalid, setInvalid] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (ppb: number) => setRate(shell.api, period.id, currency, ppb),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: periodKeys.all }),
  });
  const open = period.status === 'OPEN';
  return (
    <div>
      <form
        css={{ display: 'flex', gap: '0.75rem', alignItems: 'flex-end', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          const ppb = parseRate(text);
          setInvalid(ppb ? undefined : 'A positive number with at most nine decimals, such as 0.9215');
          if (ppb) save.mutate(ppb);
        }}
      >
        <TextField
          label={`1 ${currency} in ${period.currency}`}
          inputMode="decimal"
          value={text}
          disabled={!open}
          error={invalid ?? (save.isError ? messageOf(save.error) : undefined)}
          onChange={(event) => setText(event.target.value)}
        />
        {open && (
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : `Save ${currency} rate`}
          </Button>
        )}
      </form>
      {rateSource && (
        <p css={{ margin: '0.25rem 0 0', color: colors.muted, fontSize: '0.85rem' }}>
          {rateSource === 'hand' ? 'Typed by hand' : `From the rate ${rateSource}`}
        </p>
      )}
    </div>
  );
}

/** A period opened from the list: rates, report files, the close preview and the close. */
export function PeriodPanel({ period: summary }: { period: AdminPeriod }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const detail = useQuery(periodQuery(shell.api, summary.id));
  const period = detail.data ?? { ...summary, reportFiles: [] };
  const name = formatMonth(period.month);
  const [preview, setPreview] = useState<PeriodClosePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  // One key per close the admin confirms: a retried request after a lost answer is the same close.
  const closeKey = useRef<string | null>(null);
  const previewing = useMutation({
    mutationFn: () => previewClose(shell.api, period.id),
    onSuccess: setPreview,
  });
  const closing = useMutation({
    mutationFn: () => closePeriod(shell.api, period.id, (closeKey.current ??= crypto.randomUUID())),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: periodKeys.all });
    },
  });
  // The close's job has finished: the list shows the closed month's totals.
  const status = detail.data?.status;
  useEffect(() => {
    if (status === 'CLOSED') void queryClient.invalidateQueries({ queryKey: periodKeys.list() });
  }, [status, queryClient]);
  const foreign = period.currencies.filter((entry) => entry.currency !== period.currency);
  // The month must have ended and its grace days passed (the API refuses earlier with PERIOD_NOT_ENDED).
  const notYet = new Date().toISOString().slice(0, 10) < period.closableFrom;

  return (
    <Card title={name} id="period">
      <p>
        <span css={badgeStyle(STATUS_COLORS[period.status])}>{period.status}</span>{' '}
        {formatCount(period.lines)} revenue lines, {formatCount(period.streams)} streams,{' '}
        {formatCount(period.reports)} report
        {period.reports === 1 ? '' : 's'}
        {period.status === 'CLOSING' && ' · the close is running; this page follows it'}
      </p>
      {detail.isError && <Notice tone="error">{messageOf(detail.error)}</Notice>}

      {foreign.length > 0 && (
        <section aria-label="Exchange rates">
          <h3>Exchange rates into {period.currency}</h3>
          {period.missingRates.length > 0 && (
            <Notice tone="error">
              {period.missingRates.join(', ')}{' '}
              {period.missingRates.length === 1 ? 'needs a rate' : 'need rates'} before this period can close.
            </Notice>
          )}
          {foreign.map((entry) => (
            <RateRow key={entry.currency} period={period} entry={entry} />
          ))}
        </section>
      )}

      {period.reportFiles.length > 0 && (
        <section aria-label="Report files of the period">
          <h3>Report files</h3>
          <ul>
            {period.reportFiles.map((file) => (
              <li key={file.id}>
                {file.name}: {formatCount(file.lines)} lines
                {file.unmatchedLines > 0 && `, ${formatCount(file.unmatchedLines)} unmatched`}
              </li>
            ))}
          </ul>
        </section>
      )}

      {period.totals && period.statement && (
        <TotalsTable
          label={`Totals of ${name}`}
          totals={period.totals}
          statement={period.statement}
          currency={period.currency}
        />
      )}

      {period.status === 'OPEN' && (
        <>
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', margin: '1rem 0' }}>
            <Button variant="secondary" disabled={previewing.isPending} onClick={() => previewing.mutate()}>
              {previewing.isPending ? 'Computing…' : 'Preview the close'}
            </Button>
            <Button
              disabled={notYet || !preview?.canClose}
              aria-describedby={notYet ? 'period-closable-from' : undefined}
              onClick={() => setConfirming(true)}
            >
              Close {name}
            </Button>
          </div>
          {notYet && (
            <p id="period-closable-from" css={{ color: colors.inkSoft }}>
              {name} can close from {formatDay(period.closableFrom)}, once the month is over and the platforms
              have had time to send their reports.
            </p>
          )}
          {previewing.isError && <Notice tone="error">{messageOf(previewing.error)}</Notice>}
          {preview && (
            <>
              <p css={{ color: colors.inkSoft }}>
                Closing now would allocate the revenue of {formatCount(preview.tracks)} track
                {preview.tracks === 1 ? '' : 's'} to {formatCount(preview.beneficiaries)} wallet
                {preview.beneficiaries === 1 ? '' : 's'} or held account
                {preview.beneficiaries === 1 ? '' : 's'}.
                {preview.missingRates.length > 0 &&
                  ` Lines in ${preview.missingRates.join(', ')} are left out until their rate is entered.`}
              </p>
              <TotalsTable
                label={`Close preview of ${name}`}
                totals={preview.totals}
                statement={preview.statement}
                currency={preview.currency}
              />
            </>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming && preview !== null}
        title={`Close ${name}?`}
        confirmLabel={`Close ${name}`}
        busy={closing.isPending}
        busyLabel="Starting the close…"
        error={closing.isError ? messageOf(closing.error) : null}
        onConfirm={() => closing.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {preview &&
          `${cents(preview.statement.credited, preview.currency)} will be credited to the wallets and ` +
            `${cents(preview.statement.held, preview.currency)} held for splits not yet accepted. A closed period ` +
            'never changes: later reports for this month go to the next open period.'}
      </ConfirmDialog>
    </Card>
  );
}
