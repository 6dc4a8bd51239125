import { z } from 'zod';
import { albumSummarySchema } from './album.js';
import { artistReferenceSchema } from './artist.js';
import { territorySchema } from './enums.js';
import { paginatedSchema } from './pagination.js';
import { storeSchema } from './platforms.js';
import { dateStringSchema, idSchema, lenientBooleanSchema } from './primitives.js';
import { countSchema } from './quantities.js';

/**
 * The trends types and the trends endpoints' answers. Counts are streams; `change` is the relative change against the
 * previous period of the same length as a fraction (0.25 = +25 %), absent when that period had no streams.
 */

/** Trend bucket kind; sent lowercase as bucket_by (TREND_BUCKET_BY). */
export const TREND_BUCKET_KINDS = ['TRACK', 'PLATFORM', 'TERRITORY'] as const;
export const trendBucketKindSchema = /*#__PURE__*/ z.enum(TREND_BUCKET_KINDS);
export type TrendBucketKind = z.infer<typeof trendBucketKindSchema>;
export const TREND_BUCKET_BY = ['track', 'platform', 'territory'] as const;
export type TrendBucketBy = (typeof TREND_BUCKET_BY)[number];
export const toBucketBy = (kind: TrendBucketKind): TrendBucketBy => kind.toLowerCase() as TrendBucketBy;

/** The cached query keys of the trends screens. */
export const TREND_QUERY_KEYS = ['chart', 'list', 'total'] as const;

const changeSchema = /*#__PURE__*/ z.number().nullish();

/** A trend value: the streams of a range and their change (the streams total). */
export const trendValueSchema = /*#__PURE__*/ z.object({ value: countSchema, change: changeSchema });
export type TrendValue = z.infer<typeof trendValueSchema>;

/** A trend series bucket: one period of a chart. */
export const trendSeriesBucketSchema = /*#__PURE__*/ z.object({
  bucketLabel: z.string(),
  startDate: dateStringSchema,
  endDate: dateStringSchema,
  values: z.array(countSchema),
});
export type TrendSeriesBucket = z.infer<typeof trendSeriesBucketSchema>;

/**
 * A streams series bucket adds sub30. The API answers each period twice: sub30 false with all streams, sub30 true
 * with the plays shorter than 30 seconds only (the same figures as a statistic row's value and sub30Value).
 */
export const streamSeriesBucketSchema = /*#__PURE__*/ trendSeriesBucketSchema.extend({
  sub30: lenientBooleanSchema,
});
export type StreamSeriesBucket = z.infer<typeof streamSeriesBucketSchema>;

/** TRACK bucket of a statistic row. */
export const trackTrendBucketSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  title: z.string().nullish(),
  index: z.number().int().min(0),
  version: z.string().nullish(),
  isrc: z.string().nullish(),
  album: albumSummarySchema,
  artists: z.array(artistReferenceSchema),
  isCollaboration: lenientBooleanSchema,
});
export type TrackTrendBucket = z.infer<typeof trackTrendBucketSchema>;

/** PLATFORM bucket: the store the streams were reported by (an unknown store reads as UNKNOWN). */
export const platformTrendBucketSchema = /*#__PURE__*/ z.object({ id: storeSchema, name: z.string() });
export type PlatformTrendBucket = z.infer<typeof platformTrendBucketSchema>;

/** TERRITORY bucket: id absent when the report names no territory. */
export const territoryTrendBucketSchema = /*#__PURE__*/ z.object({
  id: territorySchema.nullish(),
  name: z.string(),
});
export type TerritoryTrendBucket = z.infer<typeof territoryTrendBucketSchema>;

export const TREND_BUCKET_SCHEMAS = {
  TRACK: trackTrendBucketSchema,
  PLATFORM: platformTrendBucketSchema,
  TERRITORY: territoryTrendBucketSchema,
} as const satisfies Record<TrendBucketKind, z.ZodType>;

/** A trend statistic row over a bucket of the given kind. */
export function trendStatisticRowSchema<Bucket extends z.ZodType>(bucket: Bucket) {
  return z.object({
    bucket,
    value: countSchema,
    change: changeSchema,
    sub30Value: countSchema,
    sub30Change: changeSchema,
  });
}
export const trackStatisticRowSchema = /*#__PURE__*/ trendStatisticRowSchema(trackTrendBucketSchema);
export const platformStatisticRowSchema = /*#__PURE__*/ trendStatisticRowSchema(platformTrendBucketSchema);
export const territoryStatisticRowSchema = /*#__PURE__*/ trendStatisticRowSchema(territoryTrendBucketSchema);
export type TrackStatisticRow = z.infer<typeof trackStatisticRowSchema>;
export type PlatformStatisticRow = z.infer<typeof platformStatisticRowSchema>;
export type TerritoryStatisticRow = z.infer<typeof territoryStatisticRowSchema>;
export type TrendStatisticRow = TrackStatisticRow | PlatformStatisticRow | TerritoryStatisticRow;

/** The bucket of a playlist streams statistic. */
export const playlistBucketSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  title: z.string(),
  imageUrl: z.string().nullish(),
  author: z.string(),
  platform: storeSchema,
  followers: countSchema.nullish(),
  url: z.string().nullish(),
});
export type PlaylistBucket = z.infer<typeof playlistBucketSchema>;

/** A playlist stream statistic. */
export const playlistStreamStatisticSchema = /*#__PURE__*/ z.object({
  bucket: playlistBucketSchema,
  value: countSchema,
  change: changeSchema,
});
export type PlaylistStreamStatistic = z.infer<typeof playlistStreamStatisticSchema>;

const itemsOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });

/** GET /v1/trends/streams/total. */
export const streamTotalSchema = trendValueSchema;
/** GET /v1/trends/streams/series. */
export const streamSeriesSchema = /*#__PURE__*/ itemsOf(streamSeriesBucketSchema);
/** GET /v1/trends/streams/statistics, by the bucket kind asked for (bucket_by). */
export const STREAM_STATISTICS_SCHEMAS = {
  TRACK: itemsOf(trackStatisticRowSchema),
  PLATFORM: itemsOf(platformStatisticRowSchema),
  TERRITORY: itemsOf(territoryStatisticRowSchema),
} as const;
export const streamStatisticsSchemaFor = <Kind extends TrendBucketKind>(kind: Kind) =>
  STREAM_STATISTICS_SCHEMAS[kind];
export type StreamStatistics<Kind extends TrendBucketKind = TrendBucketKind> = z.infer<
  (typeof STREAM_STATISTICS_SCHEMAS)[Kind]
>;
/**
 * The statistics answer for any bucket_by. Territory before platform: a store id never reads as a country code,
 * but the store schema reads any unknown id (a country code too) as UNKNOWN.
 */
export const streamStatisticsSchema = /*#__PURE__*/ z.union([
  STREAM_STATISTICS_SCHEMAS.TRACK,
  STREAM_STATISTICS_SCHEMAS.TERRITORY,
  STREAM_STATISTICS_SCHEMAS.PLATFORM,
]);
/** GET /v1/trends/playlist-streams/series. */
export const playlistStreamSeriesSchema = /*#__PURE__*/ itemsOf(trendSeriesBucketSchema);
/** GET /v1/trends/playlist-streams/statistics. */
export const playlistStreamStatisticsSchema = /*#__PURE__*/ itemsOf(playlistStreamStatisticSchema);

// ---------------------------------------------------------------------------------------------------------------
// Platform reports the trends are loaded from (admin: POST/GET /v1/admin/reports,
// docs/decisions/0037-stream-facts.md).

/** The report formats the loader reads; DEMO is the seeded generator's data set. */
export const REPORT_FORMATS = ['DDEX_DSR', 'CSV', 'DEMO'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATUSES = ['PENDING', 'LOADED', 'FAILED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The multipart part an uploaded report travels in. */
export const REPORT_FILE_FIELD = 'file';
/** A report file in a path. */
export const reportFileParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

/** One loaded (or waiting, or failed) report file with its counts. */
export const reportFileSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(REPORT_STATUSES),
  /** Bytes. */
  size: z.number().int().min(0),
  rows: z.number().int().min(0),
  matched: z.number().int().min(0),
  unmatched: z.number().int().min(0),
  skipped: z.number().int().min(0),
  streams: z.number().int().min(0),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** Closed months (YYYY-MM) the file restated: loaded as adjustments (docs/decisions/0079-restated-months.md). */
  restatedMonths: z.array(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)).default([]),
  error: z.string().nullable(),
  createdAt: z.string(),
  loadedAt: z.string().nullable(),
  /**
   * A part of a multi-part DSR set (docs/decisions/0081-big-report-files.md): which part it is, of how many, and
   * the parts of its set in so far and still missing. The set is loaded as one report once none is missing.
   */
  set: z
    .object({
      part: z.number().int().min(1),
      parts: z.number().int().min(2),
      received: z.array(z.number().int().min(1)),
      missing: z.array(z.number().int().min(1)),
    })
    .nullable()
    .optional(),
});
export type ReportFile = z.infer<typeof reportFileSchema>;

/** POST /v1/admin/reports: the file, and whether the same content was known already (nothing queued then). */
export const reportUploadSchema = /*#__PURE__*/ reportFileSchema.extend({ duplicate: z.boolean() });
export type ReportUpload = z.infer<typeof reportUploadSchema>;
/** GET /v1/admin/reports. */
export const reportFilePageSchema = /*#__PURE__*/ paginatedSchema(reportFileSchema);

/** A report line whose ISRC/UPC matched nothing in the catalogue. */
export const unmatchedLineSchema = /*#__PURE__*/ z.object({
  line: z.number().int(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  platform: z.string(),
  territory: z.string().nullable(),
  firstDay: z.string(),
  lastDay: z.string(),
  streams: z.number().int(),
  raw: z.string(),
});
export type UnmatchedLine = z.infer<typeof unmatchedLineSchema>;
/** GET /v1/admin/reports/{id}/unmatched. */
export const unmatchedLinePageSchema = /*#__PURE__*/ paginatedSchema(unmatchedLineSchema);
