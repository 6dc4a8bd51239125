-- Releases: albums, their tracks, artists, contributors, audio, platforms and review
-- (docs/decisions/0033-releases-api.md, 0034-release-states.md). Every row belongs to one account.

-- An uploaded audio file (a track's recording), stored under <DATA_DIR>/media/audio/<id>/: the original as
-- uploaded and probed, and the MP3 preview a background job makes.
CREATE TABLE audio_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The original: its file in the folder, the uploader's cleaned file name, bytes and what probing found.
  file text NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  format text NOT NULL CHECK (format IN ('WAV', 'FLAC', 'AIFF')),
  sample_rate integer NOT NULL,
  channels integer NOT NULL,
  duration double precision NOT NULL,
  bit_depth integer,
  bit_rate integer NOT NULL,
  -- The preview: { "file", "size", "duration" } once made; its job's status (PROCESS_STATUSES).
  mp3 jsonb,
  mp3_status text NOT NULL DEFAULT 'PENDING' CHECK (mp3_status IN ('PENDING', 'COMPLETED', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audio_files_account_idx ON audio_files (account_id);

CREATE TABLE albums (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title text,
  version text,
  primary_genre text,
  secondary_genre text,
  language text,
  record_label text,
  -- UPC-A or EAN-13 digits, check digit verified by the API.
  barcode text CHECK (barcode ~ '^\d{12,13}$'),
  original_release_date date,
  release_date date,
  catalog_number text,
  format text CHECK (format IN ('ALBUM', 'BOXSET', 'EP', 'SINGLE')),
  recording_location text,
  p_line text,
  c_line text,
  -- Whether AI generated the music: NULL until the owner answers.
  ai boolean,
  platforms text[] NOT NULL DEFAULT '{}',
  territories text[] NOT NULL DEFAULT '{}',
  autofill text[] NOT NULL DEFAULT '{}',
  artwork_id uuid UNIQUE REFERENCES images (id) ON DELETE SET NULL,
  -- Content status and review status (docs/decisions/0034-release-states.md).
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'EDITED')),
  review_status text NOT NULL DEFAULT 'PENDING'
    CHECK (review_status IN ('PENDING', 'SUBMITTED', 'REJECTED', 'ACCEPTED', 'LIVE')),
  review_reasons text[] NOT NULL DEFAULT '{}',
  submitted_at timestamptz,
  reviewed_at timestamptz,
  terms_accepted_at timestamptz,
  payment_plan text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX albums_account_created_idx ON albums (account_id, created_at, id);
CREATE INDEX albums_account_updated_idx ON albums (account_id, updated_at, id);
CREATE INDEX albums_account_title_idx ON albums (account_id, (title COLLATE "und-x-icu"), id);
CREATE INDEX albums_review_queue_idx ON albums (submitted_at) WHERE review_status = 'SUBMITTED';
-- A barcode identifies one product in the whole catalogue (every account) while the album is not taken down.
CREATE UNIQUE INDEX albums_barcode_idx ON albums (barcode) WHERE barcode IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE album_artists (
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  artist_id uuid NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('PRIMARY', 'FEATURING')),
  position integer NOT NULL,
  PRIMARY KEY (album_id, artist_id)
);
CREATE INDEX album_artists_artist_idx ON album_artists (artist_id);

CREATE TABLE tracks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The track's place on the album, from 1; unique among the album's live tracks.
  position integer NOT NULL CHECK (position >= 0),
  title text,
  version text,
  primary_genre text,
  secondary_genre text,
  -- 12 characters without hyphens (CC XXX YY NNNNN).
  isrc text CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}\d{7}$'),
  preview_start double precision,
  p_line text NOT NULL DEFAULT '',
  c_line text NOT NULL DEFAULT '',
  instrumental boolean,
  explicit boolean,
  clean boolean,
  cover boolean,
  remix boolean,
  lyrics text NOT NULL DEFAULT '',
  lyrics_language text,
  original_title text,
  original_artist text,
  autofill text[] NOT NULL DEFAULT '{}',
  audio_id uuid UNIQUE REFERENCES audio_files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX tracks_album_position_idx ON tracks (album_id, position) WHERE deleted_at IS NULL;
CREATE INDEX tracks_account_created_idx ON tracks (account_id, created_at, id);
-- An ISRC identifies one recording in the whole catalogue while its track is not deleted.
CREATE UNIQUE INDEX tracks_isrc_idx ON tracks (isrc) WHERE isrc IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE track_artists (
  track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  artist_id uuid NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('PRIMARY', 'FEATURING')),
  position integer NOT NULL,
  PRIMARY KEY (track_id, artist_id)
);
CREATE INDEX track_artists_artist_idx ON track_artists (artist_id);

CREATE TABLE track_contributors (
  track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  contributor_id uuid NOT NULL REFERENCES contributors (id) ON DELETE CASCADE,
  role text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (track_id, contributor_id, role)
);
CREATE INDEX track_contributors_contributor_idx ON track_contributors (contributor_id);

-- Per platform: the last finished delivery (current) and the one under way (pending), each a status and an action.
CREATE TABLE album_platforms (
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  platform text NOT NULL,
  current_status text,
  current_action text CHECK (current_action IN ('DELIVER', 'UPDATE', 'TAKEDOWN')),
  pending_status text,
  pending_action text CHECK (pending_action IN ('DELIVER', 'UPDATE', 'TAKEDOWN')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (album_id, platform),
  CHECK ((current_status IS NULL) = (current_action IS NULL)),
  CHECK ((pending_status IS NULL) = (pending_action IS NULL))
);

-- Where a delivered release can be found (spec §3 Link), reported by delivery.
CREATE TABLE album_links (
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  platform text NOT NULL,
  platform_id text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (album_id, platform)
);

-- Hand-offs to delivery, written in the transaction that decided them (the default DeliveryPort records them here;
-- a real delivery implementation may read them or enqueue its own jobs instead).
CREATE TABLE release_delivery_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('DELIVER', 'UPDATE', 'TAKEDOWN')),
  platforms text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX release_delivery_requests_album_idx ON release_delivery_requests (album_id, created_at);

-- Identifiers assigned from the configured ranges: the last number used per kind (BARCODE, or ISRC:<year>).
CREATE TABLE identifier_sequences (
  kind text PRIMARY KEY,
  last_value bigint NOT NULL
);
