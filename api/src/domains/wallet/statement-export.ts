import { statementFileName, type StatementExportFormat, type WalletStatement } from '@tunehouse/contracts';
import { statementCsv } from './statement-csv.js';
import { renderStatementPdf } from './statement-pdf.js';

export type ExportFile = { body: string | Buffer; contentType: string; fileName: string };

/** The statement as the file asked for: CSV (UTF-8) or PDF, named by its month and bucket. */
export async function statementFile(
  statement: WalletStatement,
  format: StatementExportFormat,
  accountName: string,
): Promise<ExportFile> {
  const fileName = statementFileName(statement.period.month, statement.bucket, format);
  return format === 'csv'
    ? { body: statementCsv(statement), contentType: 'text/csv; charset=utf-8', fileName }
    : {
        body: await renderStatementPdf(statement, { accountName }),
        contentType: 'application/pdf',
        fileName,
      };
}
