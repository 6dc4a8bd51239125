-- Release deliveries to the platforms as DDEX ERN 4.3 (docs/decisions/0035-ddex-delivery.md): one row per
-- (album, platform, action) asked for, worked by a release-delivery job that retries with the same message id.

CREATE TABLE deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The releases domain's album id; no foreign key: delivery reads no release tables, and keeps its history
  -- when an album goes.
  album_id text NOT NULL,
  platform text NOT NULL CHECK (platform IN ('AMAZON', 'ANGHAMI', 'APPLE_MUSIC', 'AUDIOMACK', 'BEATPORT', 'BUGS',
    'CLARO', 'DEEZER', 'FACEBOOK', 'GRACENOTE', 'JIOSAAVN', 'LINE', 'NETEASE', 'PANDORA', 'QOBUZ', 'SEVEN_DIGITAL',
    'SPOTIFY', 'TENCENT', 'TIDAL', 'TIKTOK', 'YOUTUBE', 'SHAZAM', 'YANDEX')),
  action text NOT NULL CHECK (action IN ('DELIVER', 'UPDATE', 'TAKEDOWN')),
  -- The DDEX MessageId and batch folder name: fixed when the row is made, so every attempt sends the same message.
  message_id text NOT NULL UNIQUE,
  -- PENDING (queued, or waiting for a retry) → DELIVERING (an attempt under way) → DELIVERED (the transport's
  -- receipt: the whole batch is there) → LIVE (the platform accepted it) or TAKEN_DOWN (it accepted a takedown)
  -- or REJECTED (it refused it); FAILED when no attempt could deliver it.
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'DELIVERING', 'DELIVERED', 'LIVE', 'TAKEN_DOWN', 'REJECTED', 'FAILED')),
  -- The release as handed over (ReleaseForDelivery): the message is built from it, the same on every attempt.
  release jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- The last attempt's error while retrying; why it FAILED or was REJECTED.
  reason text,
  receipt jsonb,
  acknowledgement jsonb,
  ack_checks integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  acknowledged_at timestamptz
);
CREATE INDEX deliveries_album_idx ON deliveries (album_id, platform, created_at DESC);
-- One delivery of an action to a platform under way at a time: asking again while it is answers the same one.
CREATE UNIQUE INDEX deliveries_in_flight_idx ON deliveries (album_id, platform, action)
  WHERE status IN ('PENDING', 'DELIVERING');
