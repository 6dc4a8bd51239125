-- Account security and identity verification (docs/decisions/0019-account-security-and-identity.md).

-- Where a session is used from, for the user's list of active sessions: stamped at most once a minute by the
-- session's own authenticated requests. Empty until the session's first request after login.
ALTER TABLE sessions
  ADD COLUMN last_used_at timestamptz,
  ADD COLUMN user_agent text,
  ADD COLUMN ip text;

-- A TOTP secret being set up: it becomes users.totp_secret only when a first code from it is confirmed.
ALTER TABLE users
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_pending_expires_at timestamptz;

-- Identity verification submissions, one account's history; the provider decides each PENDING one.
CREATE TABLE identity_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  submitted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  -- Which provider handles it ('simulator' for the built-in one) and its reference there.
  provider text NOT NULL,
  provider_reference text,
  legal_name text NOT NULL,
  date_of_birth date NOT NULL,
  address_line text NOT NULL,
  city text NOT NULL,
  postal_code text NOT NULL,
  country text NOT NULL,
  -- The ID document, a file under <DATA_DIR>/verifications/ (never served): its name there, type and size.
  document_file text NOT NULL,
  document_type text NOT NULL CHECK (document_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  document_size integer NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  reason text,
  CHECK ((status = 'PENDING') = (decided_at IS NULL))
);
CREATE INDEX identity_verifications_account_idx ON identity_verifications (account_id, submitted_at DESC);
-- At most one submission under review per account.
CREATE UNIQUE INDEX identity_verifications_one_pending_idx ON identity_verifications (account_id)
  WHERE status = 'PENDING';
