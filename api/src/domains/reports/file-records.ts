import type pg from 'pg';
import type { Db } from '../../platform/db.js';
import type { FileMeta, FileToStage, LoadOptions, LoadResult } from './load-types.js';

/** The report_files rows of a load: claimed before staging, found when already loaded, marked LOADED at the end. */

export async function claimFile(
  tx: pg.PoolClient,
  meta: FileMeta,
  options: LoadOptions,
): Promise<string | null> {
  if (options.fileId) {
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM report_files WHERE id = $1 FOR UPDATE',
      [options.fileId],
    );
    if (!rows[0]) throw new Error(`Report file ${options.fileId} does not exist`);
    return rows[0].status === 'LOADED' ? null : options.fileId;
  }
  // A concurrent load of the same content waits here for the other one's commit, then finds it LOADED.
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO report_files (sha256, name, format, size, uploaded_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sha256) DO UPDATE SET name = EXCLUDED.name, format = EXCLUDED.format, error = NULL
       WHERE report_files.status <> 'LOADED'
     RETURNING id`,
    [meta.sha256, meta.name, meta.format, meta.size, options.uploadedBy ?? null],
  );
  return rows[0]?.id ?? null;
}

export type Earlier = { id: string; name: string; loadedAt: Date | null };

export async function findLoaded(db: Db, sha256: string): Promise<Earlier | null> {
  const { rows } = await db.query<{ id: string; name: string; loaded_at: Date | null }>(
    `SELECT id, name, loaded_at FROM report_files WHERE sha256 = $1 AND status = 'LOADED'`,
    [sha256],
  );
  return rows[0] ? { id: rows[0].id, name: rows[0].name, loadedAt: rows[0].loaded_at } : null;
}

export function duplicateResult(meta: FileMeta, earlier: Earlier, started: number): LoadResult {
  return {
    fileId: earlier.id,
    name: meta.name,
    format: meta.format,
    sha256: meta.sha256,
    status: 'DUPLICATE',
    duplicateOf: earlier,
    rows: 0,
    matched: 0,
    unmatched: 0,
    skipped: 0,
    streams: 0,
    firstDay: null,
    lastDay: null,
    partitionsCreated: [],
    milliseconds: Date.now() - started,
  };
}

export type FileTotals = {
  rows: number;
  matched: number;
  streams: string;
  first_day: string | null;
  last_day: string | null;
};
export const EMPTY_TOTALS: FileTotals = {
  rows: 0,
  matched: 0,
  streams: '0',
  first_day: null,
  last_day: null,
};

/** Each staged file's unmatched lines kept, its counts recorded and its row marked LOADED. */
export async function finishFiles(
  client: pg.PoolClient,
  files: readonly FileToStage[],
  staged: ReadonlyMap<string, number>,
): Promise<Map<string, FileTotals>> {
  if (staged.size === 0) return new Map();
  await client.query(
    `INSERT INTO unmatched_report_lines (file_id, line, isrc, upc, platform, territory, first_day, last_day, streams, raw)
     SELECT file_id, line, isrc, upc, platform, territory, first_day, last_day, streams, coalesce(raw, '')
       FROM trend_staging WHERE track_id IS NULL`,
  );
  const { rows } = await client.query<FileTotals & { file_id: string }>(
    `SELECT file_id, count(*)::int AS rows, count(track_id)::int AS matched,
            coalesce(sum(streams) FILTER (WHERE track_id IS NOT NULL AND playlist_ext IS NULL), 0) AS streams,
            min(first_day)::text AS first_day, max(last_day)::text AS last_day
       FROM trend_staging GROUP BY file_id`,
  );
  const totals = new Map(rows.map((row) => [row.file_id, row]));
  const ids = [...staged.keys()];
  const of = (id: string) => totals.get(id) ?? EMPTY_TOTALS;
  await client.query(
    `UPDATE report_files f SET status = 'LOADED', rows = t.rows, matched = t.matched,
            unmatched = t.rows - t.matched, skipped = t.skipped, streams = t.streams, first_day = t.first_day,
            last_day = t.last_day, error = NULL, loaded_at = now()
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::date[], $7::date[])
            AS t(id, rows, matched, skipped, streams, first_day, last_day)
      WHERE f.id = t.id`,
    [
      ids,
      ids.map((id) => of(id).rows),
      ids.map((id) => of(id).matched),
      ids.map((id) => files[staged.get(id)!]!.stats.skipped),
      ids.map((id) => of(id).streams),
      ids.map((id) => of(id).first_day),
      ids.map((id) => of(id).last_day),
    ],
  );
  return totals;
}
