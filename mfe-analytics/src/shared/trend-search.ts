import {
  TREND_BUCKET_KINDS,
  territorySchema,
  type Territory,
  type TrendBucketKind,
} from '@tunehouse/contracts';
import {
  DEFAULT_PRESET,
  customRangeProblem,
  isRangePreset,
  presetRange,
  type DateRange,
  type RangePreset,
} from './date-range.js';
import { today } from './dates.js';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@tunehouse/area-kit';

/** The filters every trends call takes: the period and the catalogue/territory filters. */
export interface TrendFilters extends DateRange {
  albumId?: string | undefined;
  artistId?: string | undefined;
  trackId?: string | undefined;
  territory?: Territory | undefined;
}

/**
 * What the trends pages read from the URL. Names in the query string: range (7d, 28d, 90d, 12m, custom), start and
 * end (custom only), by (track, platform, territory), albumId (/trends/?albumId={id} is a public link), artistId, trackId,
 * territory, sub30=1.
 */
export interface TrendSearch {
  preset: RangePreset;
  /** The period asked for: the preset's dates, or the custom dates as typed (see rangeProblem). */
  range: DateRange;
  /** Set when a custom period cannot be asked for; the pages then show it and call nothing. */
  rangeProblem?: string | undefined;
  filters: TrendFilters;
  bucket: TrendBucketKind;
  /** Whether the chart shows only the plays shorter than 30 seconds (instead of all streams). */
  sub30: boolean;
}

export const DEFAULT_BUCKET: TrendBucketKind = 'TRACK';

const text = (value: string | null) => value?.trim() || undefined;

export function readTrendSearch(search: URLSearchParams, day = today()): TrendSearch {
  const rangeParam = search.get('range');
  const preset = isRangePreset(rangeParam) ? rangeParam : DEFAULT_PRESET;
  let range: DateRange;
  let rangeProblem: string | undefined;
  if (preset === 'custom') {
    const start = text(search.get('start'));
    const end = text(search.get('end'));
    rangeProblem = customRangeProblem(start, end, day);
    range = { start: start ?? '', end: end ?? '' };
  } else {
    range = presetRange(preset, day);
  }
  const bucket = search.get('by')?.toUpperCase();
  const territory = territorySchema.safeParse(search.get('territory')?.toUpperCase());
  return {
    preset,
    range,
    rangeProblem,
    filters: {
      ...range,
      albumId: text(search.get('albumId')),
      artistId: text(search.get('artistId')),
      trackId: text(search.get('trackId')),
      territory: territory.success ? territory.data : undefined,
    },
    bucket: TREND_BUCKET_KINDS.find((kind) => kind === bucket) ?? DEFAULT_BUCKET,
    sub30: search.get('sub30') === '1',
  };
}

/** The URL parameters that narrow the data (not the period, the bucket or the sub-30 switch). */
export const FILTER_PARAMS = ['albumId', 'artistId', 'trackId', 'territory'] as const;

export type SearchChanges = Record<string, string | undefined>;

/**
 * The trends query from the URL, and a way to change it in place (replace navigation, like the catalogue). The same
 * URL and day answer the same objects, so the pages' memoised parts skip the renders a query's answer causes.
 */
export function useTrendSearch() {
  const [search, setSearch] = useSearchParams();
  // area-kit's `search` is one object per query string.
  const day = today();
  const state = useMemo(() => readTrendSearch(search, day), [search, day]);
  const update = useCallback(
    (changes: SearchChanges) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );
  const filtered = FILTER_PARAMS.some((name) => state.filters[name] !== undefined);
  const clearFilters = useCallback(
    () => update(Object.fromEntries(FILTER_PARAMS.map((name) => [name, undefined]))),
    [update],
  );
  return { ...state, search, update, filtered, clearFilters };
}
