-- Accounts, users, sessions with rotating refresh tokens, second-step and e-mailed challenges.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  country text,
  city text,
  -- Identity verification (payouts need it); e-mail confirmation is users.email_verified_at.
  verified_at timestamptz,
  suspended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  is_admin boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  second_step text NOT NULL DEFAULT 'none' CHECK (second_step IN ('none', 'totp', 'email')),
  totp_secret text,
  -- The last accepted TOTP time step: a code is never accepted twice.
  totp_last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (second_step <> 'totp' OR totp_secret IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_created_at_idx ON users (created_at);

-- A session is one refresh-token family: every rotation stays in it, and reuse of a rotated token revokes it.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'active')),
  -- Set on impersonation sessions: the admin acting as the user.
  impersonator_id uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Absolute end: no refresh extends a session beyond it.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_live_by_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_tokens (
  -- SHA-256 of the opaque token; the token itself is never stored.
  token_hash bytea PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Second-step challenges of a pending session, and the challenges behind e-mailed links.
CREATE TABLE challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid REFERENCES sessions (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('second_step', 'email_activation', 'password_reset')),
  method text NOT NULL CHECK (method IN ('totp', 'email')),
  -- HMAC of the e-mailed secret; null for TOTP, whose secret is the user's.
  secret_hash bytea,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  CHECK (method = 'totp' OR secret_hash IS NOT NULL)
);
CREATE INDEX challenges_session_idx ON challenges (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX challenges_open_by_user_idx ON challenges (user_id, purpose) WHERE consumed_at IS NULL;

-- Failed password checks per user, for the per-account limit (a sliding hour).
CREATE TABLE login_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_user_time_idx ON login_failures (user_id, failed_at);

CREATE TABLE impersonations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL UNIQUE REFERENCES sessions (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX impersonations_user_idx ON impersonations (user_id, started_at);

-- Bot-check payloads already used: each solved challenge works once.
CREATE TABLE bot_check_spent (
  challenge_key text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
