import { useId, useMemo } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { TREND_BUCKET_KINDS } from '@tunehouse/contracts';
import { LoadFailure, useShell, usePageMeta } from '@tunehouse/area-kit';
import { Button, FIRST_VIEWS, Page, SelectField, colors, visuallyHidden } from '@tunehouse/ui';
import { downloadCsv } from '../shared/csv.js';
import { TrendsEmpty } from '../shared/empty-state.js';
import { streamSeriesQuery, streamStatisticsQuery, streamTotalQuery } from '../shared/queries.js';
import { RangePicker } from '../shared/range-picker.js';
import { streamLines } from '../shared/series-points.js';
import { SkeletonRows } from '../shared/skeleton.js';
import { panel, panelHead } from '../shared/styles.js';
import { ChartPlaceholder, TrendChart } from '../shared/trend-chart.js';
import { TrendFiltersBar, filterGrid } from '../shared/trend-filters.js';
import { useTrendSearch } from '../shared/trend-search.js';
import { TrendsNav } from '../shared/trends-nav.js';
import { BUCKET_NAMES, bucketNames } from './bucket-names.js';
import { statisticsCsv, statisticsFileName } from './statistics-csv.js';
import { StatisticsTable } from './statistics-table.js';
import { TotalSummary } from './total-summary.js';

const BUCKET_OPTIONS = TREND_BUCKET_KINDS.map((kind) => ({ value: kind, label: BUCKET_NAMES[kind] }));

const toggle = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;
  font-size: 0.9rem;
  cursor: pointer;
  input {
    width: 1.15rem;
    height: 1.15rem;
    accent-color: ${colors.primary};
    margin: 0;
  }
`;
const note = css`
  margin: 0 0 0.75rem;
  font-size: 0.85rem;
  color: ${colors.muted};
`;

/** /trends (and /trends/?albumId={id}): the account's streams over a period, by track, platform or territory. */
export function StreamTrendsPage() {
  usePageMeta('Stream trends', 'How often your music was streamed, by track, platform and territory.');
  const { api } = useShell();
  const trends = useTrendSearch();
  const { filters, bucket, range, sub30 } = trends;
  const enabled = !trends.rangeProblem;
  const total = useQuery({ ...streamTotalQuery(api, filters), enabled });
  const series = useQuery({ ...streamSeriesQuery(api, filters, bucket), enabled });
  const statistics = useQuery({ ...streamStatisticsQuery(api, filters, bucket), enabled });
  const sub30Id = useId();

  const failed = [total, series, statistics].filter((query) => query.isError && !query.data);
  const empty = total.data?.value === 0 && statistics.data?.items.length === 0;
  const kind = BUCKET_NAMES[bucket].toLowerCase();
  // While another bucket kind loads, the previous answer is not shown under the new heading.
  const rows = statistics.data?.bucket === bucket ? statistics.data : undefined;
  // The series names no bucket: its values follow the statistics rows of the same query, which name the lines.
  // Memoised with the rows and series they come from, so the chart redraws only when they change.
  const lineNames = useMemo(
    () => (rows ? bucketNames(rows) : statistics.isError ? [] : undefined),
    [rows, statistics.isError],
  );
  const seriesData = series.data;
  const chart = useMemo(
    () =>
      seriesData?.bucket === bucket && lineNames
        ? streamLines(seriesData.items, sub30, lineNames)
        : undefined,
    [seriesData, bucket, sub30, lineNames],
  );
  const pending = enabled && (total.isPending || series.isPending || statistics.isPending);
  // A failure is shown once every query has answered (docs/decisions/0082-layout-shift-and-startup-work.md):
  // a notice put above the parts still loading pushed them down, a layout shift of 0.09 on a desktop.
  const shownFailed = pending ? [] : failed;

  return (
    <Page {...FIRST_VIEWS['/trends']}>
      <TrendsNav search={trends.search} />
      <section css={panel} aria-label="Period and filters">
        <RangePicker
          preset={trends.preset}
          range={range}
          problem={trends.rangeProblem}
          onChange={trends.update}
        />
        <div css={filterGrid}>
          <SelectField
            label="Show by"
            options={BUCKET_OPTIONS}
            value={bucket}
            onChange={(event) => trends.update({ by: event.target.value.toLowerCase() })}
          />
        </div>
        <TrendFiltersBar filters={filters} onChange={trends.update} />
      </section>

      {pending && (
        <p role="status" css={visuallyHidden}>
          Loading your stream trends…
        </p>
      )}
      {shownFailed.length > 0 && (
        <LoadFailure
          what="Your stream trends"
          error={shownFailed[0]?.error}
          retry={() => shownFailed.forEach((query) => void query.refetch())}
        />
      )}
      {enabled && empty && (
        <TrendsEmpty what="streams" filtered={trends.filtered} onClearFilters={trends.clearFilters} />
      )}
      {enabled && !empty && (
        <>
          {!(total.isError && !pending) && <TotalSummary total={total.data} range={range} />}
          {!(series.isError && !pending) && (
            <section css={panel} aria-labelledby="streams-chart-title" aria-busy={!chart}>
              <div css={panelHead}>
                <h2 id="streams-chart-title">
                  {sub30 ? 'Plays under 30 seconds' : 'Streams'} over time by {kind}
                </h2>
                <label css={toggle} htmlFor={sub30Id}>
                  <input
                    id={sub30Id}
                    type="checkbox"
                    checked={sub30}
                    onChange={(event) => trends.update({ sub30: event.target.checked ? '1' : undefined })}
                  />
                  Only plays under 30 seconds
                </label>
              </div>
              {chart ? (
                <TrendChart
                  what={`${sub30 ? 'plays under 30 seconds' : 'streams'} by ${kind}`}
                  lines={chart}
                  start={range.start}
                  end={range.end}
                />
              ) : (
                <ChartPlaceholder />
              )}
            </section>
          )}
          {!(statistics.isError && !pending) && (
            <section css={panel} aria-labelledby="streams-table-title">
              <div css={panelHead}>
                <h2 id="streams-table-title">Streams by {kind}</h2>
                <Button
                  variant="secondary"
                  disabled={!rows || rows.items.length === 0}
                  onClick={() => rows && downloadCsv(statisticsFileName(bucket, range), statisticsCsv(rows))}
                >
                  Export CSV
                </Button>
              </div>
              {rows ? (
                rows.items.length > 0 ? (
                  <StatisticsTable statistics={rows} busy={statistics.isFetching} />
                ) : (
                  <p css={note}>No {kind} has streams reported in this period yet.</p>
                )
              ) : (
                <SkeletonRows />
              )}
            </section>
          )}
        </>
      )}
    </Page>
  );
}
