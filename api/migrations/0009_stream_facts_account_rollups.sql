-- Account-level rollups of stream_facts: streams per (account, day | ISO week | month, platform, territory), without
-- the track dimension, kept by the loader in the load's transaction like the other rollups
-- (docs/decisions/0037-stream-facts.md). The trends queries without an album, track or artist filter (the screens'
-- default view) read these: a label's month is then one row per platform × territory cell, whatever its number of
-- tracks (docs/decisions/0038-trends-api.md, "Benchmark"). The primary key leads with (account_id, period), the
-- columns every trends query restricts, so no second index is needed. Small (hundreds of rows per account and
-- period): not partitioned. fillfactor 90 like stream_facts_track_daily: daily loads update rows in place.
CREATE TABLE stream_facts_account_daily (
  account_id uuid NOT NULL,
  day date NOT NULL,
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (account_id, day, platform, territory)
) WITH (fillfactor = 90);

CREATE TABLE stream_facts_account_weekly (
  account_id uuid NOT NULL,
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (account_id, week, platform, territory)
) WITH (fillfactor = 90);

CREATE TABLE stream_facts_account_monthly (
  account_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (account_id, month, platform, territory)
) WITH (fillfactor = 90);

-- Backfill from the facts already loaded. No load may write facts between this read and the commit (its streams
-- would be missing here): SHARE blocks writes to stream_facts (and its partitions) until the migration commits,
-- reads go on. The week and month rows are summed from the day rows just written (the same sums as from the facts,
-- far fewer rows to read).
LOCK TABLE stream_facts IN SHARE MODE;
SET LOCAL work_mem = '256MB';

INSERT INTO stream_facts_account_daily (account_id, day, platform, territory, streams, sub30)
SELECT account_id, day, platform, territory, sum(streams), sum(sub30)
  FROM stream_facts
 GROUP BY 1, 2, 3, 4
 ORDER BY 1, 2, 3, 4;

INSERT INTO stream_facts_account_weekly (account_id, week, platform, territory, streams, sub30)
SELECT account_id, day - (extract(isodow FROM day)::int - 1), platform, territory, sum(streams), sum(sub30)
  FROM stream_facts_account_daily
 GROUP BY 1, 2, 3, 4
 ORDER BY 1, 2, 3, 4;

INSERT INTO stream_facts_account_monthly (account_id, month, platform, territory, streams, sub30)
SELECT account_id, day - (extract(day FROM day)::int - 1), platform, territory, sum(streams), sum(sub30)
  FROM stream_facts_account_daily
 GROUP BY 1, 2, 3, 4
 ORDER BY 1, 2, 3, 4;

ANALYZE stream_facts_account_daily;
ANALYZE stream_facts_account_weekly;
ANALYZE stream_facts_account_monthly;
