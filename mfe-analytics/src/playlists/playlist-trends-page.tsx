import { useQuery } from '@tanstack/react-query';
import { LoadFailure, useShell, usePageMeta } from '@tunehouse/area-kit';
import { Button, Page, visuallyHidden } from '@tunehouse/ui';
import { downloadCsv } from '../shared/csv.js';
import { TrendsEmpty } from '../shared/empty-state.js';
import { playlistSeriesQuery, playlistStatisticsQuery } from '../shared/queries.js';
import { RangePicker } from '../shared/range-picker.js';
import { chartLines } from '../shared/series-points.js';
import { SkeletonRows } from '../shared/skeleton.js';
import { lede, panel, panelHead } from '../shared/styles.js';
import { ChartPlaceholder, TrendChart } from '../shared/trend-chart.js';
import { TrendFiltersBar } from '../shared/trend-filters.js';
import { useTrendSearch } from '../shared/trend-search.js';
import { TrendsNav } from '../shared/trends-nav.js';
import { playlistCsv, playlistFileName } from './playlist-csv.js';
import { PlaylistTable } from './playlist-table.js';

const PLAYLIST_LINE = 'Streams from playlists';

/** /trends/playlists: the playlists the account's music was streamed from, over a period. */
export function PlaylistTrendsPage() {
  usePageMeta('Playlist trends', 'The playlists your music was streamed from.');
  const { api } = useShell();
  const trends = useTrendSearch();
  const { range } = trends;
  // Playlist streams are not reported per territory (the API refuses the filter), so it is left out here.
  const { territory: _territory, ...filters } = trends.filters;
  const enabled = !trends.rangeProblem;
  const series = useQuery({ ...playlistSeriesQuery(api, filters), enabled });
  const statistics = useQuery({ ...playlistStatisticsQuery(api, filters), enabled });

  const failed = [series, statistics].filter((query) => query.isError && !query.data);
  const lines = series.data ? chartLines(series.data.items, [PLAYLIST_LINE]) : undefined;
  const rows = statistics.data?.items;
  const empty = rows?.length === 0 && lines?.every((line) => line.total === 0);
  const loading = enabled && (series.isPending || statistics.isPending) && failed.length === 0;

  return (
    <Page title="Playlist trends">
      <p css={lede}>
        The playlists your music was streamed from. Platforms report playlist streams a few days after they
        happen.
      </p>
      <TrendsNav search={trends.search} />
      <section css={panel} aria-label="Period and filters">
        <RangePicker
          preset={trends.preset}
          range={range}
          problem={trends.rangeProblem}
          onChange={trends.update}
        />
        <TrendFiltersBar filters={filters} onChange={trends.update} territories={false} />
      </section>

      {loading && (
        <p role="status" css={visuallyHidden}>
          Loading your playlist trends…
        </p>
      )}
      {failed.length > 0 && (
        <LoadFailure
          what="Your playlist trends"
          error={failed[0]?.error}
          retry={() => failed.forEach((query) => void query.refetch())}
        />
      )}
      {enabled && empty && (
        <TrendsEmpty
          what="playlist streams"
          filtered={trends.filtered}
          onClearFilters={trends.clearFilters}
        />
      )}
      {enabled && !empty && (
        <>
          {!series.isError && (
            <section css={panel} aria-labelledby="playlists-chart-title" aria-busy={!lines}>
              <div css={panelHead}>
                <h2 id="playlists-chart-title">Playlist streams over time</h2>
              </div>
              {lines ? (
                <TrendChart what="streams from playlists" lines={lines} start={range.start} end={range.end} />
              ) : (
                <ChartPlaceholder />
              )}
            </section>
          )}
          {!statistics.isError && (
            <section css={panel} aria-labelledby="playlists-table-title">
              <div css={panelHead}>
                <h2 id="playlists-table-title">Streams by playlist</h2>
                <Button
                  variant="secondary"
                  disabled={!rows || rows.length === 0}
                  onClick={() => rows && downloadCsv(playlistFileName(range), playlistCsv(rows))}
                >
                  Export CSV
                </Button>
              </div>
              {rows ? (
                rows.length > 0 ? (
                  <PlaylistTable rows={rows} busy={statistics.isFetching} />
                ) : (
                  <p css={{ margin: 0 }}>No playlist streams are reported in this period yet.</p>
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
