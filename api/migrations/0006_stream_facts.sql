-- Trends data: stream and playlist facts by day, their rollups, playlists, and the platform report files they were
-- loaded from (docs/decisions/0037-stream-facts.md). Facts carry track, album and account ids without foreign keys:
-- the catalogue soft-deletes, reports may arrive for a track after it was taken down, and a bulk load must not check
-- every row against the catalogue (the loader resolved them).

-- One platform report file (or one demo data set), identified by the SHA-256 of its content: loading the same
-- content again is a no-op. PENDING while an uploaded file waits for its job; LOADED once its facts are in.
CREATE TABLE report_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sha256 text NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  name text NOT NULL,
  format text NOT NULL CHECK (format IN ('DDEX_DSR', 'CSV', 'DEMO')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'LOADED', 'FAILED')),
  size bigint NOT NULL DEFAULT 0,
  -- Usage lines read, those matched to a catalogue track, those kept in unmatched_report_lines, and lines left
  -- out on purpose (downloads, not streams).
  rows integer NOT NULL DEFAULT 0,
  matched integer NOT NULL DEFAULT 0,
  unmatched integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  streams bigint NOT NULL DEFAULT 0,
  first_day date,
  last_day date,
  error text,
  -- An uploaded file waiting for (or kept after) its job: <DATA_DIR>/reports/<id>.
  stored_file text,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  loaded_at timestamptz
);
CREATE INDEX report_files_created_idx ON report_files (created_at DESC, id);

-- Usage lines whose ISRC/UPC match nothing in the catalogue, kept for the admins (and a later re-match).
CREATE TABLE unmatched_report_lines (
  file_id uuid NOT NULL REFERENCES report_files (id) ON DELETE CASCADE,
  line integer NOT NULL,
  isrc text,
  upc text,
  platform text NOT NULL,
  territory char(2),
  first_day date NOT NULL,
  last_day date NOT NULL,
  streams integer NOT NULL,
  raw text NOT NULL,
  PRIMARY KEY (file_id, line)
);

-- Streams per (day, track, platform, territory). Declaratively partitioned by month on day: the loader creates
-- each month's partition when a report first reaches it (stream_facts_pYYYY_MM), so a query over a date range
-- scans only that range's months. platform is a store id (contracts STORES, UNKNOWN when unmapped); territory is
-- ISO 3166-1 alpha-2, or ZZ when the report names none. sub30 counts the streams shorter than 30 seconds.
-- Loads add to an existing row (a second report for the same day, track, platform and territory adds up).
CREATE TABLE stream_facts (
  day date NOT NULL,
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  account_id uuid NOT NULL,
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams integer NOT NULL CHECK (streams >= 0),
  sub30 integer NOT NULL CHECK (sub30 >= 0 AND sub30 <= streams),
  PRIMARY KEY (track_id, day, platform, territory)
) PARTITION BY RANGE (day);
CREATE INDEX stream_facts_account_day_idx ON stream_facts (account_id, day);

-- Rollups kept by the loader in the same transaction as the facts: the week (from Monday) and the calendar month
-- of day, same dimensions. A range query reads whole months or weeks here and only its ragged ends from the facts.
CREATE TABLE stream_facts_weekly (
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  account_id uuid NOT NULL,
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (track_id, week, platform, territory)
);
CREATE INDEX stream_facts_weekly_account_idx ON stream_facts_weekly (account_id, week);

CREATE TABLE stream_facts_monthly (
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  account_id uuid NOT NULL,
  platform text NOT NULL,
  territory char(2) NOT NULL,
  streams bigint NOT NULL,
  sub30 bigint NOT NULL,
  PRIMARY KEY (track_id, month, platform, territory)
);
CREATE INDEX stream_facts_monthly_account_idx ON stream_facts_monthly (account_id, month);

-- A playlist on one platform, as reports name it (external_id is the platform's own playlist id).
CREATE TABLE playlists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  platform text NOT NULL,
  external_id text NOT NULL,
  title text NOT NULL DEFAULT '',
  image_url text,
  author text NOT NULL DEFAULT '',
  followers integer CHECK (followers >= 0),
  url text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, external_id)
);

-- Streams of a track from one playlist per day (a breakdown of streams already counted in stream_facts), monthly
-- partitions like stream_facts. The playlist fixes the platform.
CREATE TABLE playlist_facts (
  day date NOT NULL,
  playlist_id uuid NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  account_id uuid NOT NULL,
  streams integer NOT NULL CHECK (streams >= 0),
  PRIMARY KEY (track_id, day, playlist_id)
) PARTITION BY RANGE (day);
CREATE INDEX playlist_facts_account_day_idx ON playlist_facts (account_id, day);
