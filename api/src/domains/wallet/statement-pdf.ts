import {
  centsToDecimal,
  microToDecimal,
  type StatementAmounts,
  type WalletStatement,
} from '@tunehouse/contracts';
import { pdfText } from '../../platform/pdf-text.js';
import { countText } from './amount-text.js';
import { BUCKET_HEADINGS, correctionLabel } from './statement-csv.js';
import { pdfDocument } from '../../platform/pdf-document.js';

export interface StatementPdfOptions {
  /** Whose statement it is: the account holder's name (or e-mail address when no name is set). */
  accountName: string;
  /** Deflate the page streams (the default). Tests turn it off to read the text. */
  compress?: boolean;
  /** The "made on" date in the footer and the document's creation date. */
  now?: Date;
}

/** `2026-10` → "October 2026"; the month is a calendar month, read in UTC so it never moves. */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const FIGURE_HEADINGS = [
  'Streams',
  'Revenue',
  'Fee collected',
  'Commission',
  'Split to others',
  'Split income',
  'Credited',
];

const figures = (amounts: StatementAmounts): string[] => [
  countText(amounts.streams, true),
  microToDecimal(amounts.revenue, { grouped: true }),
  microToDecimal(amounts.feeCollected, { grouped: true }),
  microToDecimal(amounts.commission, { grouped: true }),
  microToDecimal(amounts.splitOut, { grouped: true }),
  microToDecimal(amounts.splitIn, { grouped: true }),
  centsToDecimal(amounts.credited, { grouped: true }),
];

/**
 * The statement of one closed period as a PDF (A4, landscape): who and which month, the rows of the bucket asked for and
 * the totals, every figure exact (micro-units to six decimals, credited to the cent), so the rows add up to the
 * totals on paper too. Long tables run onto further pages, each with the column headings.
 */
export function renderStatementPdf(
  statement: WalletStatement,
  options: StatementPdfOptions,
): Promise<Buffer> {
  const now = options.now ?? new Date();
  const month = monthName(statement.period.month);
  const heading = BUCKET_HEADINGS[statement.bucket];
  const { doc, done } = pdfDocument({
    size: 'A4',
    // Landscape: seven figure columns and the names beside them.
    layout: 'landscape',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: pdfText(`Statement ${month}`), Creator: 'Tunehouse', CreationDate: now },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const figureWidth = 72;
  const nameWidth = width - FIGURE_HEADINGS.length * figureWidth;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(pdfText(`Statement ${month}`), left, doc.y, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#000000');
  doc.text(pdfText(`Account: ${options.accountName}`), { width });
  doc.text(pdfText(`Period: ${month} (${statement.period.month})`), { width });
  doc.text(pdfText(`Currency: ${statement.currency}`), { width });
  doc.text(pdfText(`By ${heading.name.toLowerCase()}`), { width });
  doc.moveDown(1);

  /** One table line: the name (and a second, grey line under it) and the figures, right-aligned. */
  const line = (name: string, detail: string | null, cells: string[], bold: boolean) => {
    doc.fontSize(8).font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const nameHeight = doc.heightOfString(pdfText(name), { width: nameWidth - 6 });
    const detailHeight = detail ? doc.heightOfString(pdfText(detail), { width: nameWidth - 6 }) : 0;
    const height = Math.max(nameHeight + detailHeight, doc.currentLineHeight()) + 4;
    if (doc.y + height > bottom()) {
      doc.addPage();
      header();
      doc.fontSize(8).font(bold ? 'Helvetica-Bold' : 'Helvetica');
    }
    const y = doc.y;
    doc.fillColor('#000000').text(pdfText(name), left, y, { width: nameWidth - 6 });
    if (detail)
      doc.fillColor('#555555').text(pdfText(detail), left, y + nameHeight, { width: nameWidth - 6 });
    doc.fillColor('#000000');
    cells.forEach((cell, index) =>
      doc.text(cell, left + nameWidth + index * figureWidth, y, { width: figureWidth, align: 'right' }),
    );
    doc.y = y + height;
    doc.x = left;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 2;
  };
  function header() {
    line(heading.name, null, FIGURE_HEADINGS, true);
    rule();
  }

  if (statement.rows.length === 0) {
    doc.fontSize(10).font('Helvetica').text('This account had no revenue in this period.', left, doc.y);
    doc.moveDown(1);
  }
  header();
  for (const row of statement.rows) line(correctionLabel(row), row.releaseTitle, figures(row), false);
  rule();
  line('Total', null, figures(statement.totals), true);
  if (statement.rows.some((row) => row.correction))
    line('Of which corrections', null, figures(statement.corrections), false);

  // Each report currency, its rate and what it came to; the revenue column sums to the total revenue above
  // (docs/decisions/0080-exchange-rate-tables.md). In the last three figure columns, under their own headings.
  if (statement.currencies.some((row) => row.currency !== statement.currency)) {
    const blank = ['', '', '', ''];
    doc.moveDown(1);
    line('Revenue by report currency', null, [...blank, 'In its currency', 'Rate', 'Revenue'], true);
    rule();
    for (const row of statement.currencies)
      line(
        row.currency,
        null,
        [
          ...blank,
          microToDecimal(row.sourceRevenue, { grouped: true }),
          row.rate ?? '1',
          microToDecimal(row.revenue, { grouped: true }),
        ],
        false,
      );
  }

  doc.moveDown(1.5).font('Helvetica').fontSize(8).fillColor('#555555');
  doc.text(
    pdfText(
      `Amounts in ${statement.currency}. Revenue, fee collected and commission are shown to the millionth, ` +
        'credited (what reached the wallet) to the cent; the total is the sum of the rows. ' +
        `Made with Tunehouse on ${now.toISOString().slice(0, 10)}.`,
    ),
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
