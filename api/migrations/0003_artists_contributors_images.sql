-- Artists with their platform profiles, contributors, and uploaded images (docs/decisions/0031-artists-api.md).
-- Everything belongs to one account: every query filters on account_id, so another account's rows are not found.

-- An uploaded image and its renditions, stored as files under <DATA_DIR>/media/images/<id>/.
CREATE TABLE images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('jpeg', 'png')),
  -- { "<rendition>": { "file", "size", "width", "height", "name" } } for original, large, medium, thumbnail.
  renditions jsonb NOT NULL CHECK (renditions ? 'original'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX images_account_idx ON images (account_id);

CREATE TABLE artists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  image_id uuid UNIQUE REFERENCES images (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The listing orders by name in a language-neutral collation (É after E, not after z), then id.
CREATE INDEX artists_account_name_idx ON artists (account_id, (name COLLATE "und-x-icu"), id);
CREATE INDEX artists_account_created_idx ON artists (account_id, created_at, id);
CREATE INDEX artists_account_updated_idx ON artists (account_id, updated_at, id);

-- At most one profile per platform; platform ids and links are checked by the API (libs/contracts).
CREATE TABLE artist_profiles (
  artist_id uuid NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  platform text NOT NULL,
  platform_id text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (artist_id, platform)
);
-- Suggestions search the profiles known to this installation by platform.
CREATE INDEX artist_profiles_platform_idx ON artist_profiles (platform, platform_id);

CREATE TABLE contributors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  role text NOT NULL CHECK (
    role IN ('MUSIC_LYRICS', 'MUSIC', 'LYRICS', 'MASTERING', 'MIXING', 'RECORDING', 'PRODUCER', 'MUSICIAN', 'REMIXER')
  ),
  publisher text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contributors_account_name_idx ON contributors (account_id, (name COLLATE "und-x-icu"), id);
