-- Week and month rollups of stream_facts_track_daily: streams per (account, ISO week | month, track) over every
-- platform and territory, kept by the loader in the load's transaction like the other rollups
-- (docs/decisions/0052-trends-at-scale.md). Totals, series and per-track statistics without a territory filter
-- read whole months and weeks here and only the ragged days from the track-day table: a label's year is then
-- ~14 rows per track instead of 365. The primary key leads with (account_id, period), the columns every trends
-- query restricts, so no second index is needed. fillfactor 90: daily loads update the current week and month
-- in place.
CREATE TABLE stream_facts_track_weekly (
  account_id uuid NOT NULL,
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (account_id, week, track_id)
) WITH (fillfactor = 90);

CREATE TABLE stream_facts_track_monthly (
  account_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (account_id, month, track_id)
) WITH (fillfactor = 90);

-- Backfill from the track-day rollup, which the loader writes in the facts' transaction: SHARE on stream_facts
-- keeps loads out until this commits (reads go on), so no day is counted twice or missed.
LOCK TABLE stream_facts IN SHARE MODE;
SET LOCAL work_mem = '256MB';

INSERT INTO stream_facts_track_weekly (account_id, week, track_id, album_id, streams, sub30)
SELECT account_id, day - (extract(isodow FROM day)::int - 1), track_id, min(album_id::text)::uuid,
       sum(streams), sum(sub30)
  FROM stream_facts_track_daily
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3;

INSERT INTO stream_facts_track_monthly (account_id, month, track_id, album_id, streams, sub30)
SELECT account_id, day - (extract(day FROM day)::int - 1), track_id, min(album_id::text)::uuid,
       sum(streams), sum(sub30)
  FROM stream_facts_track_daily
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3;

ANALYZE stream_facts_track_weekly;
ANALYZE stream_facts_track_monthly;

-- The per-track, platform and territory week and month rollups get room for in-place (HOT) updates too: each
-- day's load adds to the current week's and month's rows again (docs/decisions/0051-ingest-one-merge.md). Pages
-- written from now on keep 10 % free; existing ones are left as they are.
ALTER TABLE stream_facts_weekly SET (fillfactor = 90);
ALTER TABLE stream_facts_monthly SET (fillfactor = 90);
