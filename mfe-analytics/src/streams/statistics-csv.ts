import type { TrendBucketKind } from '@tunehouse/contracts';
import { percentCell, toCsv, type CsvCell } from '../shared/csv.js';
import type { DateRange } from '../shared/date-range.js';
import type { BucketStatistics } from '../shared/queries.js';
import { BUCKET_NAMES, artistNames, platformName, releaseTitle, territoryName } from './bucket-names.js';

const FIGURES = ['Streams', 'Change (%)', 'Streams under 30 s', 'Change under 30 s (%)'];

function bucketColumns(statistics: BucketStatistics): { header: string[]; rows: CsvCell[][] } {
  switch (statistics.bucket) {
    case 'TRACK':
      return {
        header: ['Track', 'Version', 'ISRC', 'Release', 'Artists'],
        rows: statistics.items.map(({ bucket }) => [
          bucket.title?.trim() || 'Untitled track',
          bucket.version,
          bucket.isrc,
          releaseTitle(bucket),
          artistNames(bucket),
        ]),
      };
    case 'PLATFORM':
      return { header: ['Platform'], rows: statistics.items.map(({ bucket }) => [platformName(bucket)]) };
    case 'TERRITORY':
      return {
        header: ['Territory', 'Territory code'],
        rows: statistics.items.map(({ bucket }) => [territoryName(bucket), bucket.id]),
      };
  }
}

/** The statistics table as CSV: the bucket's columns, then the streams and changes, with and under 30 s. */
export function statisticsCsv(statistics: BucketStatistics): string {
  const { header, rows } = bucketColumns(statistics);
  const figures = statistics.items.map((row) => [
    row.value,
    percentCell(row.change),
    row.sub30Value,
    percentCell(row.sub30Change),
  ]);
  return toCsv(
    [...header, ...FIGURES],
    rows.map((cells, index) => [...cells, ...(figures[index] ?? [])]),
  );
}

export function statisticsFileName(bucket: TrendBucketKind, range: DateRange): string {
  return `streams-by-${BUCKET_NAMES[bucket].toLowerCase()}-${range.start}-to-${range.end}.csv`;
}
