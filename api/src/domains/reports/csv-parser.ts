import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORES, type Store } from '@tunehouse/contracts';
import { CsvError, parse } from 'csv-parse';
import {
  checkPeriod,
  normalizeIsrc,
  normalizeTerritory,
  normalizeUpc,
  parseCount,
  parsePeriod,
  type PlaylistRef,
  ReportParseError,
  storeFromName,
  type UsageRow,
} from './usage.js';
import { normalizeCurrency, parseMicroUnits } from './revenue.js';

/**
 * Tunehouse's CSV report layout (docs/decisions/0037-stream-facts.md): UTF-8, comma-separated, RFC 4180 quoting,
 * a header row naming the columns (any order, case-insensitive; unknown columns are ignored):
 *
 * | column | required | value |
 * |---|---|---|
 * | date | yes | a day (2024-03-01) or a period spread evenly over its days (2024-03, 2024-Q1, 2024-W09, 2024-03-01--2024-03-15) |
 * | platform | yes | a store id (SPOTIFY, APPLE_MUSIC, …) or a service name (Spotify, Apple Music, YouTube Music) |
 * | territory | no | ISO 3166-1 alpha-2; empty or WW for none |
 * | isrc | one of isrc/upc | the recording |
 * | upc | one of isrc/upc | the release (UPC-A or EAN-13); alone it matches a release with one track |
 * | streams | yes | whole number ≥ 0 |
 * | sub30 | no | streams shorter than 30 seconds, ≤ streams (default 0) |
 * | revenue | no | the line's net revenue, a decimal ≥ 0 in currency units (0.0123); kept to the micro-unit |
 * | currency | no | ISO 4217 of revenue (EUR, USD); empty: the platform currency |
 * | playlist_id | no | set: the line gives the streams that came from this playlist (a part of the track's streams, |
 * |  |  | counted in playlist facts only; territory and sub30 are not used) |
 * | playlist_title, playlist_author, playlist_followers, playlist_url, playlist_image_url | no | the playlist |
 */
export const CSV_COLUMNS = [
  'date',
  'platform',
  'territory',
  'isrc',
  'upc',
  'streams',
  'sub30',
  'revenue',
  'currency',
  'playlist_id',
  'playlist_title',
  'playlist_author',
  'playlist_followers',
  'playlist_url',
  'playlist_image_url',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

const STORE_IDS: ReadonlySet<string> = new Set(STORES);

function storeOf(value: string): Store | null {
  const upper = value.trim().toUpperCase();
  if (STORE_IDS.has(upper)) return upper as Store;
  return storeFromName(value);
}

export async function* parseCsv(input: Readable, fileName: string): AsyncGenerator<UsageRow> {
  const name = path.basename(fileName);
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    raw: true,
    max_record_size: 64 * 1024,
  });
  input.once('error', (error) => parser.destroy(error));
  input.pipe(parser);

  let columns: Map<Column, number> | null = null;
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>) {
      const line = info.lines;
      const fail = (reason: string): never => {
        throw new ReportParseError(name, line, reason);
      };
      if (!columns) {
        const found = new Map<Column, number>();
        record.forEach((header, index) => {
          const column = header.trim().toLowerCase() as Column;
          if ((CSV_COLUMNS as readonly string[]).includes(column)) found.set(column, index);
        });
        const missing = (['date', 'platform', 'streams'] as const).filter((column) => !found.has(column));
        if (missing.length)
          fail(
            `the header row lacks ${missing.join(', ')} (columns: ${CSV_COLUMNS.slice(0, 7).join(',')}[,…])`,
          );
        if (!found.has('isrc') && !found.has('upc'))
          fail('the header row has neither an isrc nor a upc column');
        columns = found;
        continue;
      }
      const header = columns;
      const get = (column: Column): string => {
        const index = header.get(column);
        return index === undefined ? '' : (record[index] ?? '').trim();
      };

      const dateText = get('date');
      const period = parsePeriod(dateText);
      if (!period)
        fail(`date ${JSON.stringify(dateText)} is not a day (YYYY-MM-DD) or a period (YYYY-MM, YYYY-Qn)`);
      const problem = checkPeriod(period!);
      if (problem) fail(problem);
      const platformText = get('platform');
      const platform = storeOf(platformText);
      if (!platform) fail(`platform ${JSON.stringify(platformText)} is not a store we know`);
      const territoryText = get('territory');
      const territory = normalizeTerritory(territoryText);
      if (territoryText && !territory && !/^(WW|WORLDWIDE|ZZ)$/i.test(territoryText))
        fail(`territory ${JSON.stringify(territoryText)} is not an ISO 3166-1 alpha-2 code`);
      const isrcText = get('isrc');
      const isrc = normalizeIsrc(isrcText);
      if (isrcText && !isrc) fail(`isrc ${JSON.stringify(isrcText)} is not an ISRC (CC-XXX-YY-NNNNN)`);
      const upcText = get('upc');
      const upc = normalizeUpc(upcText);
      if (upcText && !upc) fail(`upc ${JSON.stringify(upcText)} is not a UPC or EAN (12 or 13 digits)`);
      if (!isrc && !upc) fail('the line has neither an isrc nor a upc');
      const streams = parseCount(get('streams'));
      if (streams === null) fail(`streams ${JSON.stringify(get('streams'))} is not a whole number ≥ 0`);
      const sub30Text = get('sub30');
      const sub30 = sub30Text ? parseCount(sub30Text) : 0;
      if (sub30 === null) fail(`sub30 ${JSON.stringify(sub30Text)} is not a whole number ≥ 0`);
      if (sub30! > streams!) fail(`sub30 ${sub30} is more than the ${streams} streams`);
      const revenueText = get('revenue');
      const revenueMicro = revenueText ? parseMicroUnits(revenueText) : null;
      if (revenueText && revenueMicro === null)
        fail(
          `revenue ${JSON.stringify(revenueText)} is not an amount ≥ 0 (digits, a point, up to 6 decimals)`,
        );
      const currencyText = get('currency');
      const currency = normalizeCurrency(currencyText);
      if (currencyText && !currency) fail(`currency ${JSON.stringify(currencyText)} is not an ISO 4217 code`);

      let playlist: PlaylistRef | null = null;
      const playlistId = get('playlist_id');
      if (playlistId) {
        const followersText = get('playlist_followers');
        const followers = followersText ? parseCount(followersText) : null;
        if (followersText && followers === null)
          fail(`playlist_followers ${JSON.stringify(followersText)} is not a whole number ≥ 0`);
        playlist = {
          externalId: playlistId,
          title: get('playlist_title'),
          author: get('playlist_author'),
          followers,
          url: get('playlist_url') || null,
          imageUrl: get('playlist_image_url') || null,
        };
      }
      yield {
        line,
        ...period!,
        platform: platform!,
        territory,
        isrc,
        upc,
        streams: streams!,
        sub30: playlist ? 0 : sub30!,
        // A playlist line breaks down streams already counted (and paid) on the track's own line.
        revenueMicro: playlist ? null : revenueMicro,
        currency: playlist ? null : currency,
        playlist,
        raw: raw.replace(/[\r\n]+$/, ''),
      };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 0;
      throw new ReportParseError(name, line, error.message);
    }
    throw error;
  }
  if (!columns) throw new ReportParseError(name, 1, 'the file is empty: a header row is expected');
}
