import { type FormEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateTableBody, RateTablePlan } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Card, colors, formatMonth, Notice, tableScroll, tableStyle, TextField } from '@tunehouse/ui';
import { formatDay } from './period-format.js';
import { applyRateTable, periodKeys, previewRateTable } from './period-queries.js';
import { numeric } from './period-styles.js';

const detail = { display: 'block', color: colors.muted, fontSize: '0.85rem' } as const;

/**
 * What the table would set, one line per open period and currency (docs/decisions/0080-exchange-rate-tables.md).
 * Two columns, the period, table day and replaced rate on second lines, so a 375 px phone shows the rates whole.
 */
function PlanTable({ plan }: { plan: RateTablePlan }) {
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label="Rates the table sets, table">
      <table css={tableStyle} aria-label="Rates the table sets">
        <thead>
          <tr>
            <th>Currency and period</th>
            <th css={numeric}>1 unit in {plan.base}</th>
          </tr>
        </thead>
        <tbody>
          {plan.periods.flatMap((period) => {
            const when = `${formatMonth(period.month)}, ${
              period.date ? `table of ${formatDay(period.date)}` : 'no table day on or before its end'
            }`;
            return [
              ...period.rates.map((rate) => (
                <tr key={`${period.periodId} ${rate.currency}`}>
                  <td>
                    <strong>{rate.currency}</strong>
                    <span css={detail}>{when}</span>
                  </td>
                  <td css={numeric}>
                    {rate.rate}
                    <span css={detail}>{rate.previousRate ? `was ${rate.previousRate}` : 'new'}</span>
                  </td>
                </tr>
              )),
              ...period.missing.map((currency) => (
                <tr key={`${period.periodId} ${currency} missing`}>
                  <td>
                    <strong>{currency}</strong>
                    <span css={detail}>{when}</span>
                  </td>
                  <td css={[numeric, { color: colors.danger, whiteSpace: 'normal' }]}>
                    Not in the table: unchanged
                  </td>
                </tr>
              )),
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Load rates from a table": an admin chooses a reference-rate table (the ECB's daily or historical CSV), sees the
 * rates it would set in each open period and the currencies its months use, and confirms. Typing a rate by hand
 * in a period's panel stays as it was.
 */
export function RateTableCard() {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [date, setDate] = useState('');
  const [missingFile, setMissingFile] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const bodyOf = async (chosen: File): Promise<RateTableBody> => ({
    csv: await chosen.text(),
    ...(date ? { date } : {}),
  });
  const preview = useMutation({
    mutationFn: async (chosen: File) => previewRateTable(shell.api, await bodyOf(chosen)),
  });
  const apply = useMutation({
    mutationFn: async (chosen: File) => applyRateTable(shell.api, await bodyOf(chosen)),
    onSuccess: () => {
      preview.reset();
      setFile(null);
      setInputKey((key) => key + 1);
      return queryClient.invalidateQueries({ queryKey: periodKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    apply.reset();
    preview.mutate(file);
  };
  const plan = preview.data;
  const settable = plan?.periods.some((period) => period.rates.length > 0) ?? false;

  return (
    <Card title="Load rates from a table" id="rate-table">
      <p css={{ color: colors.inkSoft, marginTop: 0 }}>
        A published reference-rate table, such as the European Central Bank’s daily or historical CSV (rates
        against EUR), sets the rate of every currency an open period’s reports use, into the platform
        currency. Each period takes the table’s last day on or before its month’s end, or the day you choose.
        Closed periods never change.
      </p>
      <form noValidate onSubmit={submit} aria-label="Load rates from a table">
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <div css={{ flex: '1 1 16rem', minWidth: 0 }}>
            <TextField
              key={inputKey}
              label="Rate table (CSV)"
              type="file"
              accept=".csv,text/csv"
              hint="eurofxref.csv or eurofxref-hist.csv, at most 4 MB."
              error={missingFile ? 'Choose a rate table to load' : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissingFile(false);
                preview.reset();
                apply.reset();
              }}
            />
          </div>
          <div css={{ flex: '0 1 12rem', minWidth: 0 }}>
            <TextField
              label="Table day (optional)"
              type="date"
              value={date}
              hint="Leave empty for each month’s last day."
              onChange={(event) => {
                setDate(event.target.value);
                preview.reset();
              }}
            />
          </div>
        </div>
        <div css={{ marginTop: '0.75rem' }}>
          <Button type="submit" variant="secondary" disabled={preview.isPending}>
            {preview.isPending ? 'Reading the table…' : 'Preview the rates'}
          </Button>
        </div>
      </form>
      {preview.isError && (
        <div css={{ marginTop: '1rem' }}>
          <Notice tone="error">{messageOf(preview.error)}</Notice>
        </div>
      )}
      {plan && (
        <div css={{ marginTop: '1rem', display: 'grid', gap: '0.75rem' }}>
          {plan.periods.length === 0 ? (
            <Notice>No period is open: there is nothing to set.</Notice>
          ) : (
            <PlanTable plan={plan} />
          )}
          {settable && (
            <div>
              <Button disabled={apply.isPending} onClick={() => file && apply.mutate(file)}>
                {apply.isPending ? 'Setting the rates…' : 'Set these rates'}
              </Button>
            </div>
          )}
        </div>
      )}
      {apply.isError && (
        <div css={{ marginTop: '1rem' }}>
          <Notice tone="error">{messageOf(apply.error)}</Notice>
        </div>
      )}
      {apply.isSuccess && (
        <div css={{ marginTop: '1rem' }}>
          <Notice tone="success">
            Rates set in{' '}
            {apply.data.periods
              .filter((period) => period.rates.length > 0)
              .map((period) => formatMonth(period.month))
              .join(', ')}
            .
          </Notice>
        </div>
      )}
    </Card>
  );
}
