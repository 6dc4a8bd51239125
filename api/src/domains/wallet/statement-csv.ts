import {
  centsToDecimal,
  microToDecimal,
  type StatementAmounts,
  type StatementBucket,
  type WalletStatement,
} from '@tunehouse/contracts';
import { countText } from './amount-text.js';
import { numberCell, toCsv, type CsvCell, type CsvNumber } from './csv.js';

/** The heading of a statement's name column, and of its key column, by bucket. */
export const BUCKET_HEADINGS: Readonly<Record<StatementBucket, { name: string; key: string }>> = {
  track: { name: 'Track', key: 'Track ID' },
  release: { name: 'Release', key: 'Release ID' },
  platform: { name: 'Platform', key: 'Platform code' },
  territory: { name: 'Territory', key: 'Territory code' },
};

/** "2026-10" → "October 2026". */
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A row's name: a correction row's says it is one (what a platform took back); an adjustment row's names the closed
 * month a platform restated (docs/decisions/0079-restated-months.md), whether it adds or takes back.
 */
export const correctionLabel = (row: { label: string; correction: boolean; adjusts?: string | null }) =>
  row.adjusts
    ? `Adjustment for ${monthName(row.adjusts)}: ${row.label}`
    : row.correction
      ? `Correction: ${row.label}`
      : row.label;

const figures = (amounts: StatementAmounts): CsvNumber[] => [
  numberCell(countText(amounts.streams)),
  numberCell(microToDecimal(amounts.revenue)),
  numberCell(microToDecimal(amounts.feeCollected)),
  numberCell(microToDecimal(amounts.commission)),
  numberCell(microToDecimal(amounts.splitOut)),
  numberCell(microToDecimal(amounts.splitIn)),
  numberCell(centsToDecimal(amounts.credited)),
];

/**
 * The statement as CSV: its rows in the JSON's order, then a Total line. Revenue, fee, commission and the splits' parts keep their
 * micro-units (six decimals) and credited its cents, so the lines add up to the Total exactly. A correction row's
 * name says so, and when there are any, an "Of which corrections" line follows the Total
 * (docs/decisions/0078-corrections-and-negative-balances.md).
 *
 * When revenue came in other currencies (docs/decisions/0080-exchange-rate-tables.md), two columns follow, filled
 * on one line per report currency after the totals: its revenue in its own currency and the rate it was converted
 * with. Those lines' Revenue cells are what each currency came to, and they sum to the Total's revenue, as on the
 * page and in the PDF.
 */
export function statementCsv(statement: WalletStatement): string {
  const heading = BUCKET_HEADINGS[statement.bucket];
  const byTrack = statement.bucket === 'track';
  const money = (name: string) => `${name} (${statement.currency})`;
  const foreign = statement.currencies.some((row) => row.currency !== statement.currency);
  const header = [
    heading.name,
    ...(byTrack ? ['Release'] : []),
    heading.key,
    'Streams',
    money('Revenue'),
    money('Fee collected'),
    money('Commission'),
    money('Split to others'),
    money('Split income'),
    money('Credited'),
    ...(foreign ? ['Revenue in report currency', `Rate to ${statement.currency}`] : []),
  ];
  const noSource: CsvCell[] = foreign ? [null, null] : [];
  const names = (label: string, releaseTitle: string | null, key: string | null): CsvCell[] => [
    label,
    ...(byTrack ? [releaseTitle] : []),
    key,
  ];
  return toCsv(header, [
    ...statement.rows.map((row) => [
      ...names(correctionLabel(row), row.releaseTitle, row.key),
      ...figures(row),
      ...noSource,
    ]),
    [...names('Total', null, null), ...figures(statement.totals), ...noSource],
    ...(statement.rows.some((row) => row.correction)
      ? [[...names('Of which corrections', null, null), ...figures(statement.corrections), ...noSource]]
      : []),
    ...(foreign
      ? statement.currencies.map((row) => [
          ...names(`Revenue in ${row.currency}`, null, row.currency),
          null,
          numberCell(microToDecimal(row.revenue)),
          null,
          null,
          null,
          null,
          null,
          numberCell(microToDecimal(row.sourceRevenue)),
          numberCell(row.rate ?? '1'),
        ])
      : []),
  ]);
}
