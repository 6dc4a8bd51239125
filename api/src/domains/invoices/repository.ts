import type { InvoiceSupplier } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

export type InvoiceRecord = {
  id: string;
  payoutId: string;
  accountId: string;
  year: number;
  number: number;
  issuedAt: Date;
  currency: string;
  total: number;
  supplier: InvoiceSupplier;
  cancelledAt: Date | null;
};

type InvoiceRow = {
  id: string;
  payout_id: string;
  account_id: string;
  year: number;
  number: number;
  issued_at: Date;
  currency: string;
  total: string;
  // As written when issued: invoices from before decision 0062 have no tradingName.
  supplier: Omit<InvoiceSupplier, 'tradingName'> & { tradingName?: string | null };
  cancelled_at: Date | null;
};

const COLUMNS = 'id, payout_id, account_id, year, number, issued_at, currency, total, supplier, cancelled_at';

function toRecord(row: InvoiceRow): InvoiceRecord {
  return {
    id: row.id,
    payoutId: row.payout_id,
    accountId: row.account_id,
    year: row.year,
    number: row.number,
    issuedAt: row.issued_at,
    currency: row.currency,
    total: Number(row.total),
    supplier: { ...row.supplier, tradingName: row.supplier.tradingName ?? null },
    cancelledAt: row.cancelled_at,
  };
}

/**
 * Issues the self-billing invoice of a payout inside the payout's transaction, numbered after the year's last one.
 * Taking the number updates the year's counter row, whose lock is held until that transaction ends: the next
 * payout waits for it, and a rollback gives the number back, so a year's numbers have no gaps. Call it last in the
 * transaction, so the lock is held as briefly as possible.
 */
export async function issueInvoice(
  tx: Queryable,
  input: { payoutId: string; accountId: string; total: number; currency: string; supplier: InvoiceSupplier },
): Promise<InvoiceRecord> {
  const { rows } = await tx.query<InvoiceRow>(
    `WITH counter AS (
       INSERT INTO invoice_counters (year, last_number)
       VALUES (extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
       ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
       RETURNING year, last_number
     )
     INSERT INTO invoices (payout_id, account_id, year, number, currency, total, supplier)
     SELECT $1, $2, year, last_number, $3, $4, $5 FROM counter
     RETURNING ${COLUMNS}`,
    [input.payoutId, input.accountId, input.currency, input.total, JSON.stringify(input.supplier)],
  );
  return toRecord(rows[0]!);
}

/** A payout that failed or came back cancels its invoice; the invoice keeps its number. */
export async function cancelInvoiceOfPayout(tx: Queryable, payoutId: string): Promise<void> {
  await tx.query('UPDATE invoices SET cancelled_at = now() WHERE payout_id = $1 AND cancelled_at IS NULL', [
    payoutId,
  ]);
}

export async function findInvoice(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<InvoiceRecord | null> {
  const { rows } = await q.query<InvoiceRow>(
    `SELECT ${COLUMNS} FROM invoices WHERE id = $1 AND account_id = $2`,
    [id, accountId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** `2026-000042`: the year and the number within it. */
export function invoiceNumber(record: Pick<InvoiceRecord, 'year' | 'number'>): string {
  return `${record.year}-${String(record.number).padStart(6, '0')}`;
}
