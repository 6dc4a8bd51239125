import {
  PLATFORM_NAMES,
  type Platform,
  releaseTitle,
  type StatementBucket,
  type StatementRow,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { StatementRowAmounts } from './statement.js';

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A territory's English name from its ISO code (Kosovo, XK, included); the code itself when unknown. */
function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const platformName = (key: string): string => PLATFORM_NAMES[key as Platform] ?? key;

const trackTitle = (title: string | null, version: string | null) =>
  `${title?.trim() || 'Untitled track'}${version ? ` (${version})` : ''}`;

type Names = Map<string, { label: string; releaseTitle: string | null }>;

/** Track titles with their release's, by track id; deleted tracks keep their title for the statements. */
async function trackNames(q: Queryable, ids: readonly string[]): Promise<Names> {
  const { rows } = await q.query<{
    id: string;
    title: string | null;
    version: string | null;
    album_title: string | null;
    album_version: string | null;
  }>(
    `SELECT t.id, t.title, t.version, a.title AS album_title, a.version AS album_version
     FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        label: trackTitle(row.title, row.version),
        releaseTitle: releaseTitle({ title: row.album_title, version: row.album_version }),
      },
    ]),
  );
}

async function releaseNames(q: Queryable, ids: readonly string[]): Promise<Names> {
  const { rows } = await q.query<{ id: string; title: string | null; version: string | null }>(
    `SELECT id, title, version FROM albums WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { label: releaseTitle(row), releaseTitle: null }]));
}

/**
 * Names every row of a statement as people read it: a track by its title (and its release's), a release by its
 * title, a platform by its display name, a territory by its country's English name. A track or release whose
 * record is gone (or a row without a key) still gets a name, so no row is ever blank.
 */
export async function labelStatementRows(
  q: Queryable,
  bucket: StatementBucket,
  rows: readonly StatementRowAmounts[],
): Promise<StatementRow[]> {
  const keys = rows.flatMap((row) => (row.key === null ? [] : [row.key]));
  switch (bucket) {
    case 'track': {
      const names = await trackNames(q, keys);
      return rows.map((row) => ({
        ...row,
        ...((row.key !== null && names.get(row.key)) || { label: 'Unknown track', releaseTitle: null }),
      }));
    }
    case 'release': {
      const names = await releaseNames(q, keys);
      return rows.map((row) => ({
        ...row,
        ...((row.key !== null && names.get(row.key)) || { label: 'Unknown release', releaseTitle: null }),
      }));
    }
    case 'platform':
      return rows.map((row) => ({
        ...row,
        label: row.key === null ? 'Unknown platform' : platformName(row.key),
        releaseTitle: null,
      }));
    case 'territory':
      return rows.map((row) => ({
        ...row,
        label: row.key === null ? 'Unknown territory' : countryName(row.key),
        releaseTitle: null,
      }));
  }
}
