import type { Queryable } from '../../platform/db.js';

/** What a report line resolves to: the track and, with it, its album and the account that owns both. */
export type CatalogueEntry = { trackId: string; albumId: string; accountId: string };

export type CatalogueMatches = {
  /** ISRC → its track. */
  byIsrc: Map<string, CatalogueEntry>;
  /**
   * UPC → the release's track, for lines that name only a release (no ISRC): counted only when the release has
   * exactly one track, since streams of a several-track release cannot be split among its tracks.
   */
  byUpc: Map<string, CatalogueEntry>;
};

/**
 * Resolves report identifiers to the catalogue in batches (the loader asks once per few thousand lines). ISRCs
 * and UPCs arrive normalized (usage.ts): ISRC upper case without hyphens, UPC as 12 digits (or 13 for an EAN
 * that is not a UPC). Identifiers that match nothing are simply absent from the answer.
 */
export interface CatalogueLookup {
  resolve(isrcs: readonly string[], upcs: readonly string[]): Promise<CatalogueMatches>;
}

/** The lookup over fixed lists, for tests, the demo and tools. */
export function createInMemoryCatalogue(
  tracks: readonly (CatalogueEntry & { isrc?: string | null; upc?: string | null })[],
): CatalogueLookup {
  const byIsrc = new Map<string, CatalogueEntry>();
  const byUpcAll = new Map<string, CatalogueEntry[]>();
  for (const { isrc, upc, ...entry } of tracks) {
    if (isrc) byIsrc.set(isrc, entry);
    if (upc) byUpcAll.set(upc, [...(byUpcAll.get(upc) ?? []), entry]);
  }
  return {
    async resolve(isrcs, upcs) {
      const matches: CatalogueMatches = { byIsrc: new Map(), byUpc: new Map() };
      for (const isrc of isrcs) {
        const entry = byIsrc.get(isrc);
        if (entry) matches.byIsrc.set(isrc, entry);
      }
      for (const upc of upcs) {
        const entries = byUpcAll.get(upc);
        if (entries?.length === 1) matches.byUpc.set(upc, entries[0]!);
      }
      return matches;
    },
  };
}

/** A 12-digit UPC is also written as a 13-digit EAN with a leading 0: look both up, answer in the asked form. */
function barcodeForms(upc: string): string[] {
  return upc.length === 12 ? [upc, `0${upc}`] : [upc];
}

/**
 * The lookup over the releases tables (api/migrations/0005_releases.sql: `tracks.isrc`, `albums.barcode`). A
 * deleted track still receives the streams reported for it (reports lag behind takedowns), but a live track with
 * the same ISRC comes first; likewise for albums.
 */
export function createSqlCatalogue(db: Queryable): CatalogueLookup {
  return {
    async resolve(isrcs, upcs) {
      const matches: CatalogueMatches = { byIsrc: new Map(), byUpc: new Map() };
      if (isrcs.length) {
        const { rows } = await db.query<{
          isrc: string;
          track_id: string;
          album_id: string;
          account_id: string;
        }>(
          `SELECT DISTINCT ON (isrc) isrc, id AS track_id, album_id, account_id
             FROM tracks
            WHERE isrc = ANY($1::text[])
            ORDER BY isrc, (deleted_at IS NULL) DESC, created_at DESC`,
          [isrcs],
        );
        for (const row of rows)
          matches.byIsrc.set(row.isrc, {
            trackId: row.track_id,
            albumId: row.album_id,
            accountId: row.account_id,
          });
      }
      if (upcs.length) {
        const forms = upcs.flatMap(barcodeForms);
        const { rows } = await db.query<{
          barcode: string;
          track_id: string;
          album_id: string;
          account_id: string;
        }>(
          `SELECT DISTINCT ON (a.barcode) a.barcode, (array_agg(t.id))[1] AS track_id, a.id AS album_id, a.account_id
             FROM albums a
             JOIN tracks t ON t.album_id = a.id AND t.deleted_at IS NULL
            WHERE a.barcode = ANY($1::text[])
            GROUP BY a.id
           HAVING count(*) = 1
            ORDER BY a.barcode, (a.deleted_at IS NULL) DESC, a.created_at DESC`,
          [forms],
        );
        for (const row of rows) {
          const upc =
            row.barcode.length === 13 && row.barcode.startsWith('0') ? row.barcode.slice(1) : row.barcode;
          matches.byUpc.set(upc, { trackId: row.track_id, albumId: row.album_id, accountId: row.account_id });
        }
      }
      return matches;
    },
  };
}
