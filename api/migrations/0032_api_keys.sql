-- API keys (docs/decisions/0087-api-keys-and-scopes.md): a program's way in as its account, limited to scopes.
-- Only the SHA-256 of the secret is kept (the secret is 32 random bytes, so a fast hash cannot be guessed back);
-- `prefix` is the secret's first characters, to tell keys apart on the keys page. A key is never deleted, only
-- revoked, so the list and the admin's view keep its history.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL,
  secret_sha256 bytea NOT NULL UNIQUE CHECK (length(secret_sha256) = 32),
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  last_used_at timestamptz,
  last_used_from text
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at DESC);
