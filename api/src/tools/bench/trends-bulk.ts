import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db.js';
import { type DemoPlaylist, generateDemoFacts } from '../../seed/demo-trends.js';
import { addDays } from '../../domains/reports/index.js';
import type { Label } from './label.js';

/**
 * The benchmark label's facts without the loader (`bench:trends --bulk`, docs/decisions/0052-trends-at-scale.md):
 * the loader takes hours for 50 M rows on a small shared machine (4–20 K rows/s: staging, spread, upserts into
 * indexed tables), while the benchmark only needs the tables as the loader would leave them. The same generator
 * (`generateDemoFacts`, same seed, scale and catalogue), `chunkTracks` tracks at a time: COPY into a temporary
 * table, then one sorted INSERT into the facts and one INSERT … SELECT … GROUP BY into each per-track rollup (a
 * chunk's tracks are in no other chunk, so no upsert is needed), playlists and playlist facts; the account
 * rollups (no track dimension) at the end from the facts; then VACUUM ANALYZE. Report files and revenue lines are
 * not written: the trends queries do not read them. `trends-bulk.test.ts` builds a label both ways and compares
 * every fact and rollup table.
 *
 * Each chunk commits with its row in `bench_bulk_chunks`, so an interrupted build resumes where it stopped.
 */

export type BulkBuild = { rows: number; playlistRows: number; loadedChunks: number; seconds: number };

/** What a bulk build writes, in the order it writes them (the per-track tables per chunk, the account ones last). */
export const TREND_TABLES = [
  'stream_facts',
  'stream_facts_weekly',
  'stream_facts_monthly',
  'stream_facts_track_daily',
  'stream_facts_track_weekly',
  'stream_facts_track_monthly',
  'stream_facts_account_daily',
  'stream_facts_account_weekly',
  'stream_facts_account_monthly',
  'playlist_facts',
] as const;

const WEEK = `day - (extract(isodow FROM day)::int - 1)`;
const MONTH = `day - (extract(day FROM day)::int - 1)`;

/** The per-track rollups of one chunk, each from its facts in the temporary table (the loader's groupings). */
const TRACK_ROLLUPS = [
  `INSERT INTO stream_facts_weekly (week, track_id, album_id, account_id, platform, territory, streams, sub30)
   SELECT ${WEEK}, track_id, album_id, account_id, platform, territory, sum(streams), sum(sub30)
     FROM bulk_facts GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 5, 6`,
  `INSERT INTO stream_facts_monthly (month, track_id, album_id, account_id, platform, territory, streams, sub30)
   SELECT ${MONTH}, track_id, album_id, account_id, platform, territory, sum(streams), sum(sub30)
     FROM bulk_facts GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 5, 6`,
  `INSERT INTO stream_facts_track_daily (day, track_id, album_id, account_id, streams, sub30)
   SELECT day, track_id, album_id, account_id, sum(streams), sum(sub30)
     FROM bulk_facts GROUP BY 1, 2, 3, 4 ORDER BY 2, 1`,
  `INSERT INTO stream_facts_track_weekly (account_id, week, track_id, album_id, streams, sub30)
   SELECT account_id, ${WEEK}, track_id, album_id, sum(streams), sum(sub30)
     FROM bulk_facts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3`,
  `INSERT INTO stream_facts_track_monthly (account_id, month, track_id, album_id, streams, sub30)
   SELECT account_id, ${MONTH}, track_id, album_id, sum(streams), sum(sub30)
     FROM bulk_facts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3`,
];

/** The account rollups of the label, from its facts once every chunk is in (the day, then weeks and months of it). */
const ACCOUNT_ROLLUPS = [
  `INSERT INTO stream_facts_account_daily (account_id, day, platform, territory, streams, sub30)
   SELECT account_id, day, platform, territory, sum(streams), sum(sub30)
     FROM stream_facts WHERE account_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  `INSERT INTO stream_facts_account_weekly (account_id, week, platform, territory, streams, sub30)
   SELECT account_id, ${WEEK}, platform, territory, sum(streams), sum(sub30)
     FROM stream_facts_account_daily WHERE account_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  `INSERT INTO stream_facts_account_monthly (account_id, month, platform, territory, streams, sub30)
   SELECT account_id, ${MONTH}, platform, territory, sum(streams), sum(sub30)
     FROM stream_facts_account_daily WHERE account_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
];

function monthStarts(firstDay: string, lastDay: string): string[] {
  const months: string[] = [];
  for (
    let month = `${firstDay.slice(0, 7)}-01`;
    month <= lastDay;
    month = `${addDays(month, 32).slice(0, 7)}-01`
  )
    months.push(month);
  return months;
}

/**
 * The months' partitions, made as the loader makes them (reports' partitions.ts, which other folders may not
 * import: a plain table LIKE the parent, then attached), named `<table>_pYYYY_MM` as `clearIngestRange` expects.
 */
async function ensurePartitions(db: Db, table: 'stream_facts' | 'playlist_facts', from: string, to: string) {
  for (const month of monthStarts(from, to)) {
    const name = `${table}_p${month.slice(0, 4)}_${month.slice(5, 7)}`;
    const { rows } = await db.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      name,
    ]);
    if (rows[0]?.exists) continue;
    await db.query(`CREATE TABLE ${name} (LIKE ${table} INCLUDING ALL)`);
    await db.query(
      `ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${month}') TO ('${addDays(month, 32).slice(0, 7)}-01')`,
    );
  }
}

/** COPY text: none of the generator's values holds a tab, newline or backslash. */
async function copyLines(client: pg.PoolClient, sql: string, lines: Iterable<string>): Promise<void> {
  async function* batches(): AsyncGenerator<string> {
    let pending = '';
    for (const line of lines) {
      pending += line;
      if (pending.length > 1 << 20) {
        yield pending;
        pending = '';
      }
    }
    if (pending) yield pending;
  }
  await pipeline(Readable.from(batches()), client.query(copyFrom(sql)));
}

/**
 * Whether this database's label was built in bulk: then it is never loaded through the loader as well (its chunks
 * are report files the loader has not seen, and would be added on top of the facts).
 */
export async function builtInBulk(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ built: boolean }>(
    "SELECT to_regclass('bench_bulk_chunks') IS NOT NULL AS built",
  );
  if (!rows[0]?.built) return false;
  const { rows: chunks } = await db.query('SELECT 1 FROM bench_bulk_chunks LIMIT 1');
  return chunks.length > 0;
}

/** The label's facts and rollups, written directly (see the file's comment). */
export async function bulkBuildLabelFacts(
  db: Db,
  label: Label,
  options: { seed: number; scale: number; chunkTracks: number; log: (line: string) => void },
): Promise<BulkBuild> {
  const started = Date.now();
  await db.query(`CREATE TABLE IF NOT EXISTS bench_bulk_chunks (
    first_track int PRIMARY KEY, tracks int NOT NULL, rows bigint NOT NULL, playlist_rows bigint NOT NULL)`);
  await db.query(`CREATE TABLE IF NOT EXISTS bench_bulk_rollups (id int PRIMARY KEY CHECK (id = 1))`);
  const { rows: done } = await db.query<{ first_track: number; tracks: number }>(
    'SELECT first_track, tracks FROM bench_bulk_chunks',
  );
  const doneChunks = new Map(done.map((row) => [row.first_track, row.tracks]));
  if (!doneChunks.size) {
    const { rows } = await db.query('SELECT 1 FROM stream_facts WHERE account_id = $1 LIMIT 1', [
      label.accountId,
    ]);
    if (rows.length) {
      options.log('  the label was built through the loader: nothing to do');
      return { rows: 0, playlistRows: 0, loadedChunks: 0, seconds: 0 };
    }
  }
  await ensurePartitions(db, 'stream_facts', label.from, label.to);
  await ensurePartitions(db, 'playlist_facts', label.from, label.to);

  const chunks = Math.ceil(label.catalogue.length / options.chunkTracks);
  let rows = 0;
  let playlistRows = 0;
  let loadedChunks = 0;
  for (let index = 0; index < chunks; index += 1) {
    const firstTrack = index * options.chunkTracks;
    const tracks = label.catalogue.slice(firstTrack, firstTrack + options.chunkTracks);
    const built = doneChunks.get(firstTrack);
    if (built !== undefined) {
      if (built !== tracks.length)
        throw new Error(`This database was bulk-built ${built} tracks a chunk; use --chunk ${built}`);
      continue;
    }
    const chunkStarted = Date.now();
    const written = await buildChunk(db, label, tracks, firstTrack, options);
    rows += written.rows;
    playlistRows += written.playlistRows;
    loadedChunks += 1;
    const seconds = (Date.now() - started) / 1000;
    const left = chunks - index - 1;
    options.log(
      `  chunk ${index + 1}/${chunks}: ${written.rows.toLocaleString('en-US')} rows in ` +
        `${((Date.now() - chunkStarted) / 1000).toFixed(0)} s; ${rows.toLocaleString('en-US')} rows so far ` +
        `(${Math.round(rows / seconds).toLocaleString('en-US')} rows/s), ~${Math.round((left * seconds) / loadedChunks / 60)} min left ` +
        `[${written.phases}]`,
    );
  }

  const { rows: rolled } = await db.query('SELECT 1 FROM bench_bulk_rollups');
  if (!rolled.length) {
    const rollupStarted = Date.now();
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL work_mem = '256MB'`);
      for (const table of TREND_TABLES.filter((name) => name.startsWith('stream_facts_account_')))
        await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [label.accountId]);
      for (const sql of ACCOUNT_ROLLUPS) await client.query(sql, [label.accountId]);
      await client.query('INSERT INTO bench_bulk_rollups (id) VALUES (1)');
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    options.log(`  account rollups in ${((Date.now() - rollupStarted) / 1000).toFixed(0)} s`);
  }
  if (loadedChunks || !rolled.length) {
    const vacuumStarted = Date.now();
    for (const table of TREND_TABLES) await db.query(`VACUUM ANALYZE ${table}`);
    options.log(`  VACUUM ANALYZE in ${((Date.now() - vacuumStarted) / 1000).toFixed(0)} s`);
  }
  return { rows, playlistRows, loadedChunks, seconds: (Date.now() - started) / 1000 };
}

async function buildChunk(
  db: Db,
  label: Label,
  tracks: Label['catalogue'],
  firstTrack: number,
  options: { seed: number; scale: number },
): Promise<{ rows: number; playlistRows: number; phases: string }> {
  const client = await db.connect();
  const phases: string[] = [];
  let phaseStart = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(`CREATE TEMPORARY TABLE bulk_facts (day date, track_id uuid, album_id uuid, account_id uuid,
      platform text, territory char(2), streams integer, sub30 integer) ON COMMIT DROP`);
    await client.query(`CREATE TEMPORARY TABLE bulk_playlist_facts (day date, platform text, external_id text,
      track_id uuid, album_id uuid, account_id uuid, streams integer) ON COMMIT DROP`);
    const playlists = new Map<string, DemoPlaylist>();
    const playlistLines: string[] = [];
    let rows = 0;
    function* streamLines(): Generator<string> {
      for (const fact of generateDemoFacts({
        seed: options.seed,
        catalogue: tracks,
        from: label.from,
        to: label.to,
        scale: options.scale,
      })) {
        const { trackId, albumId, accountId } = fact.entry;
        if (fact.kind === 'stream') {
          rows += 1;
          yield `${fact.day}\t${trackId}\t${albumId}\t${accountId}\t${fact.platform}\t${fact.territory}\t${fact.streams}\t${fact.sub30}\n`;
        } else {
          const { platform, externalId } = fact.playlist;
          playlists.set(`${platform}\t${externalId}`, fact.playlist);
          playlistLines.push(
            `${fact.day}\t${platform}\t${externalId}\t${trackId}\t${albumId}\t${accountId}\t${fact.streams}\n`,
          );
        }
      }
    }
    await copyLines(client, 'COPY bulk_facts FROM STDIN', streamLines());
    await copyLines(client, 'COPY bulk_playlist_facts FROM STDIN', playlistLines);
    await client.query('ANALYZE bulk_facts');
    phase('generate+COPY');
    // In each month's partition's index order: the B-trees grow at a few places instead of everywhere.
    await client.query(`INSERT INTO stream_facts (day, track_id, album_id, account_id, platform, territory, streams, sub30)
      SELECT day, track_id, album_id, account_id, platform, territory, streams, sub30
        FROM bulk_facts ORDER BY ${MONTH}, track_id, day, platform, territory`);
    phase('facts');
    for (const sql of TRACK_ROLLUPS) await client.query(sql);
    phase('rollups');
    const list = [...playlists.values()];
    // The loader's upsert keeps a later report's details; the generator's details of a playlist never change.
    await client.query(
      `INSERT INTO playlists (platform, external_id, title, author, followers, url, image_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
       ON CONFLICT (platform, external_id) DO NOTHING`,
      [
        list.map((p) => p.platform),
        list.map((p) => p.externalId),
        list.map((p) => p.title ?? ''),
        list.map((p) => p.author ?? ''),
        list.map((p) => p.followers ?? null),
        list.map((p) => p.url ?? null),
        list.map((p) => p.imageUrl ?? null),
      ],
    );
    // A track on the same playlist twice the same day (two adds) is one row, summed, as the loader merges it.
    const { rowCount } =
      await client.query(`INSERT INTO playlist_facts (day, playlist_id, track_id, album_id, account_id, streams)
      SELECT f.day, p.id, f.track_id, f.album_id, f.account_id, sum(f.streams)
        FROM bulk_playlist_facts f JOIN playlists p ON p.platform = f.platform AND p.external_id = f.external_id
       GROUP BY 1, 2, 3, 4, 5`);
    await client.query(
      'INSERT INTO bench_bulk_chunks (first_track, tracks, rows, playlist_rows) VALUES ($1, $2, $3, $4)',
      [firstTrack, tracks.length, rows, rowCount ?? 0],
    );
    await client.query('COMMIT');
    phase('playlists+commit');
    return { rows, playlistRows: rowCount ?? 0, phases: phases.join(', ') };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
