import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import {
  call,
  endpoints,
  STATEMENT_BUCKETS,
  statementFileName,
  type StatementAmounts,
  type StatementBucket,
  type StatementExportFormat,
  type WalletStatement,
} from '@tunehouse/contracts';
import {
  DownloadButton,
  isMissing,
  Link,
  PageLoadError,
  QueryState,
  usePageMeta,
  useParams,
  useSearchParams,
  useShell,
} from '@tunehouse/area-kit';
import { Card, colors, formatMonth, Page, SelectField, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatMoney, formatCount, formatMicro, sourceAmount } from '../shared/money.js';
import { statementQuery } from '../shared/wallet-queries.js';

const BUCKET_LABELS: Readonly<Record<StatementBucket, string>> = {
  platform: 'Platform',
  territory: 'Territory',
  track: 'Track',
  release: 'Release',
};
const bucketOptions = STATEMENT_BUCKETS.map((value) => ({ value, label: BUCKET_LABELS[value] }));
const isBucket = (value: string | null): value is StatementBucket =>
  value !== null && (STATEMENT_BUCKETS as readonly string[]).includes(value);

const releaseStyle = css`
  display: block;
  color: ${colors.inkSoft};
  font-size: 0.85rem;
  font-weight: 400;
`;

const actionsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0 0 1rem;
`;

const numberStyle = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

function Amounts({
  amounts,
  currency,
  splits,
}: {
  amounts: StatementAmounts;
  currency: string;
  splits: boolean;
}) {
  return (
    <>
      <td css={numberStyle}>{formatCount(amounts.streams)}</td>
      <td css={numberStyle}>{formatMicro(amounts.revenue, currency)}</td>
      <td css={numberStyle}>{formatMicro(amounts.feeCollected, currency)}</td>
      <td css={numberStyle}>{formatMicro(amounts.commission, currency)}</td>
      {splits && (
        <>
          <td css={numberStyle}>{formatMicro(amounts.splitOut, currency)}</td>
          <td css={numberStyle}>{formatMicro(amounts.splitIn, currency)}</td>
        </>
      )}
      <td css={numberStyle}>{formatMoney(amounts.credited, currency)}</td>
    </>
  );
}

function StatementTable({ statement }: { statement: WalletStatement }) {
  const label = `Statement by ${BUCKET_LABELS[statement.bucket].toLowerCase()}`;
  if (statement.rows.length === 0) return <p>This account had no revenue in this period.</p>;
  // Royalty splits get their own columns once a split gave or brought anything this month.
  const splits = statement.totals.splitOut > 0 || statement.totals.splitIn > 0;
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{BUCKET_LABELS[statement.bucket]}</th>
            <th scope="col" css={numberStyle}>
              Streams
            </th>
            <th scope="col" css={numberStyle}>
              Revenue
            </th>
            <th scope="col" css={numberStyle}>
              Fee collected
            </th>
            <th scope="col" css={numberStyle}>
              Commission
            </th>
            {splits && (
              <>
                <th scope="col" css={numberStyle}>
                  Split to others
                </th>
                <th scope="col" css={numberStyle}>
                  Split income
                </th>
              </>
            )}
            <th scope="col" css={numberStyle}>
              Credited
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.rows.map((row) => (
            <tr key={`${row.correction ? 'correction ' : ''}${row.adjusts ?? ''} ${row.key ?? ''}`}>
              <th scope="row">
                {/* docs/decisions/0078-corrections-and-negative-balances.md: what a platform took back;
                    docs/decisions/0079-restated-months.md: the difference a platform's restated month made. */}
                {row.adjusts
                  ? `Adjustment for ${formatMonth(row.adjusts)}: ${row.label}`
                  : row.correction
                    ? `Correction: ${row.label}`
                    : row.label}
                {row.releaseTitle && <span css={releaseStyle}>{row.releaseTitle}</span>}
              </th>
              <Amounts amounts={row} currency={statement.currency} splits={splits} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <Amounts amounts={statement.totals} currency={statement.currency} splits={splits} />
          </tr>
          {statement.rows.some((row) => row.correction) && (
            <tr>
              <th scope="row">Of which corrections</th>
              <Amounts amounts={statement.corrections} currency={statement.currency} splits={splits} />
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The revenue of the account's tracks by report currency, with the rate the close converted it at; the rows sum to
 * the statement's revenue (docs/decisions/0080-exchange-rate-tables.md).
 */
function CurrencyTable({ statement }: { statement: WalletStatement }) {
  // A statement all in the platform currency has nothing to convert: no table.
  if (!statement.currencies.some((row) => row.currency !== statement.currency)) return null;
  const label = 'Revenue by report currency';
  return (
    <div css={[tableScroll, { marginTop: '1.5rem' }]} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Report currency</th>
            <th scope="col" css={numberStyle}>
              Revenue in it
            </th>
            <th scope="col" css={numberStyle}>
              Rate to {statement.currency}
            </th>
            <th scope="col" css={numberStyle}>
              Revenue in {statement.currency}
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.currencies.map((row) => (
            <tr key={row.currency}>
              <th scope="row">{row.currency}</th>
              <td css={numberStyle}>{sourceAmount(row.sourceRevenue, row.currency)}</td>
              <td css={numberStyle}>{row.rate ?? '—'}</td>
              <td css={numberStyle}>{formatMicro(row.revenue, statement.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td />
            <td css={numberStyle}>{formatMicro(statement.totals.revenue, statement.currency)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The statement in the bucket shown, as CSV or PDF, downloaded with the session. */
function StatementExports({ statement }: { statement: WalletStatement }) {
  const shell = useShell();
  const { period, bucket } = statement;
  const button = (format: StatementExportFormat, label: string) => (
    <DownloadButton
      label={label}
      what={`The ${format.toUpperCase()}`}
      fileName={statementFileName(period.month, bucket, format)}
      fetchFile={() =>
        call(shell.api, endpoints.wallet.statementExport, {
          params: { id: period.id },
          query: { bucket, format },
        })
      }
    />
  );
  return (
    <div css={actionsStyle}>
      {button('csv', 'Download CSV')}
      {button('pdf', 'Download PDF')}
    </div>
  );
}

/**
 * /wallet/periods/{id}: the statement of one closed period, grouped by the bucket chosen, with its totals and its
 * CSV and PDF exports.
 */
export function StatementPage() {
  usePageMeta('Statement period');
  const shell = useShell();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const bucketParam = search.get('bucket')?.toLowerCase() ?? null;
  const bucket = isBucket(bucketParam) ? bucketParam : 'track';
  const statement = useQuery(statementQuery(shell.api, id, bucket));
  const month = statement.data?.period.month;
  if (statement.isError && isMissing(statement.error))
    return <PageLoadError error={statement.error} backTo="/wallet" />;
  return (
    <Page title="Statement period">
      <p>
        <Link to="/wallet">Back to the wallet</Link>
      </p>
      {month && (
        <p>
          The statement of {formatMonth(month)}, in {statement.data?.currency}.
        </p>
      )}
      <SelectField
        label="Group by"
        options={bucketOptions}
        value={bucket}
        onChange={(event) => setSearch({ bucket: event.target.value })}
      />
      <Card>
        <QueryState query={statement} what="the statement">
          {(data) => (
            <>
              <StatementExports statement={data} />
              <StatementTable statement={data} />
              <CurrencyTable statement={data} />
            </>
          )}
        </QueryState>
      </Card>
    </Page>
  );
}
