-- The track-day rollup's account index covers what the trends queries read from it (docs/decisions/
-- 0052-trends-at-scale.md, "At 50 M"): a range's ragged days are answered from the index alone (an index-only
-- scan), instead of one heap page per row — a day's rows of one account lie on as many pages as the account has
-- tracks, since loads write them ordered by track (measured at 50 M: ~1 buffer per row, 60 % of the by-track
-- statistic's time). album_id serves the album filter.
CREATE INDEX stream_facts_track_daily_account_cover_idx
  ON stream_facts_track_daily (account_id, day) INCLUDE (track_id, album_id, streams, sub30);
DROP INDEX stream_facts_track_daily_account_idx;
