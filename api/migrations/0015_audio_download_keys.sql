-- Signed, expiring links to audio originals (hardening I3): each upload gets its own key, so a link can be
-- checked without a session and made useless by expiry, never by a shared secret leaking. Two random UUIDs
-- (gen_random_uuid draws from a strong source) hashed give 244 random bits.
ALTER TABLE audio_files
  ADD COLUMN download_key bytea NOT NULL
    DEFAULT sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea);
