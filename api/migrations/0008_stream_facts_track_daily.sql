-- A narrow rollup of stream_facts: streams per (day, track) over every platform and territory, kept by the loader in
-- the load's transaction like the weekly and monthly ones (docs/decisions/0037-stream-facts.md). Totals, series and
-- per-track statistics without a territory filter read ~50 times fewer rows here than in the daily facts.
CREATE TABLE stream_facts_track_daily (
  day date NOT NULL,
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  account_id uuid NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (track_id, day)
) WITH (fillfactor = 90);
CREATE INDEX stream_facts_track_daily_account_idx ON stream_facts_track_daily (account_id, day);
