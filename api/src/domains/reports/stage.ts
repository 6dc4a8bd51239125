import type { StagedRow } from './load-types.js';

/** The staging table of a load (dropped at its commit) and its rows as COPY text. */

export const STAGING_COLUMNS = [
  'file_id',
  'file_order',
  'line',
  'first_day',
  'last_day',
  'platform',
  'territory',
  'isrc',
  'upc',
  'track_id',
  'album_id',
  'account_id',
  'streams',
  'sub30',
  'revenue_micro',
  'currency',
  'playlist_ext',
  'playlist_title',
  'playlist_author',
  'playlist_followers',
  'playlist_url',
  'playlist_image',
  'raw',
  'correction',
] as const;

export const STAGING_TABLE = `CREATE TEMPORARY TABLE trend_staging (
  file_id uuid NOT NULL,
  file_order integer NOT NULL,
  line integer NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  platform text NOT NULL,
  territory char(2),
  isrc text,
  upc text,
  track_id uuid,
  album_id uuid,
  account_id uuid,
  streams integer NOT NULL,
  sub30 integer NOT NULL,
  revenue_micro bigint,
  currency char(3),
  playlist_ext text,
  playlist_title text,
  playlist_author text,
  playlist_followers integer,
  playlist_url text,
  playlist_image text,
  raw text,
  correction boolean NOT NULL,
  -- Set by restatements.ts on a restated month's rows already loaded before: kept out of the stream facts.
  restated boolean NOT NULL DEFAULT false
) ON COMMIT DROP`;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: \N for null, backslash escapes for the four special characters. */
function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

/**
 * A staged row as a line of COPY text, in STAGING_COLUMNS order. Written out field by field rather than through an
 * array (this runs once per usage line; docs/decisions/0051-ingest-one-merge.md, "Second pass"). Ids, days and
 * counts need no escaping; every text a report supplies goes through copyText.
 */
export function copyLine(fileId: string, order: number, row: StagedRow): string {
  const { entry, playlist } = row;
  const ids = entry ? `${entry.trackId}\t${entry.albumId}\t${entry.accountId}` : '\\N\t\\N\t\\N';
  const playlistText = playlist
    ? `${copyText(playlist.externalId)}\t${copyText(playlist.title)}\t${copyText(playlist.author)}\t` +
      `${copyText(playlist.followers)}\t${copyText(playlist.url)}\t${copyText(playlist.imageUrl)}`
    : '\\N\t\\N\t\\N\t\\N\t\\N\t\\N';
  return (
    `${fileId}\t${order}\t${row.line}\t${row.firstDay}\t${row.lastDay}\t${copyText(row.platform)}\t` +
    `${copyText(row.territory)}\t${copyText(row.isrc)}\t${copyText(row.upc)}\t${ids}\t${row.streams}\t` +
    `${row.sub30}\t${copyText(row.revenueMicro)}\t${copyText(row.currency)}\t${playlistText}\t` +
    `${copyText(row.raw)}\t${row.correction ? 't' : 'f'}\n`
  );
}
