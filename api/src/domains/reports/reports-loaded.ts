import type { Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { EmitEvents } from '../../platform/webhook-events.js';

/**
 * Records `report.loaded` in the load's transaction (docs/decisions/0090-report-loaded-and-admin-keys.md): one event
 * per account, report, platform and month the account's matched lines of this load fall in (a line's month is that
 * of its first day), for the accounts with an endpoint that chose the type. A multi-part set is one report, named by
 * the id of its lowest part in the load. The staging table is read once, and only when some account listens.
 */
export async function tellReportsLoaded(
  tx: Queryable,
  fileIds: readonly string[],
  emit: EmitEvents,
): Promise<void> {
  await emit(tx, 'report.loaded', async (subscribers) => {
    const { rows } = await tx.query<{
      account_id: string;
      report_id: string;
      platform: Platform;
      month: string;
    }>(
      `WITH files AS (
         SELECT id, first_value(id) OVER (PARTITION BY coalesce(set_key, id::text) ORDER BY part_number, id)
                AS report_id
           FROM report_files WHERE id = ANY ($1::uuid[])),
       lines AS (
         SELECT DISTINCT account_id, file_id, platform, date_trunc('month', first_day) AS month
           FROM trend_staging WHERE account_id = ANY ($2::uuid[]))
       SELECT DISTINCT lines.account_id::text, files.report_id::text, lines.platform,
              to_char(lines.month, 'YYYY-MM') AS month
         FROM lines JOIN files ON files.id = lines.file_id
        ORDER BY 1, 2, 3, 4`,
      [fileIds, subscribers],
    );
    return rows.map((row) => ({
      accountId: row.account_id,
      data: { reportId: row.report_id, platform: row.platform, month: row.month },
    }));
  });
}
