-- Royalty splits (docs/decisions/0045-royalty-splits.md): a release's owner share divided among participants in
-- basis points (10,000 is the whole). One split per release; participants persist across versions; each version
-- holds the shares from its first day on (release-wide rows and per-track overrides). Money never lives here: it
-- moves in the ledger (held:<participant id> while an invite is pending).

CREATE TABLE splits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  album_id uuid NOT NULL UNIQUE REFERENCES albums (id) ON DELETE CASCADE,
  -- The album's owner when the split was made: the one participant who edits it.
  owner_account_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX splits_owner_idx ON splits (owner_account_id, created_at, id);

-- A person on a split, named by e-mail address; the owner is a row too (is_owner, ACCEPTED, bound to the owner's
-- account). account_id is bound when the invite is accepted (no foreign key, as a wallet's: history outlives
-- accounts). Only a hash of the current invite code is kept; invite_round counts the invites that asked for an
-- answer, so an answer's ledger transfer has one idempotency key per round. answer_* remember the answer of the
-- current round, so the same request replayed gets the same answer.
CREATE TABLE split_participants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  split_id uuid NOT NULL REFERENCES splits (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  account_id uuid,
  status text NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')),
  invite_hash bytea UNIQUE,
  invite_expires_at timestamptz,
  invite_round integer NOT NULL DEFAULT 0,
  answer_key text,
  answer_action text CHECK (answer_action IN ('ACCEPT', 'DECLINE', 'REVOKE')),
  answer_released bigint,
  answered_at timestamptz,
  -- The clock, not the transaction's start: participants added by one request keep the order they were listed in.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (split_id, email),
  CHECK (NOT is_owner OR (status = 'ACCEPTED' AND account_id IS NOT NULL)),
  CHECK ((status = 'PENDING') <= (invite_hash IS NOT NULL AND invite_expires_at IS NOT NULL))
);
CREATE UNIQUE INDEX split_participants_owner_idx ON split_participants (split_id) WHERE is_owner;
-- One account is one person on a split.
CREATE UNIQUE INDEX split_participants_account_idx ON split_participants (split_id, account_id)
  WHERE account_id IS NOT NULL;
CREATE INDEX split_participants_bound_idx ON split_participants (account_id) WHERE account_id IS NOT NULL;

-- A version of the split from effective_from (a month's first day) on. The version in force on a day is the
-- highest-numbered one starting on or before it: a newer version governs from its date on, whatever older ones
-- said about later months.
CREATE TABLE split_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  split_id uuid NOT NULL REFERENCES splits (id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  effective_from date NOT NULL CHECK (extract(day FROM effective_from) = 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (split_id, number)
);

-- A participant's share in a version: release-wide (track_id NULL) or for one track. A track with rows of its own
-- uses only those. The owner's row holds the remainder (possibly 0); the others' are above 0.
CREATE TABLE split_shares (
  version_id uuid NOT NULL REFERENCES split_versions (id) ON DELETE CASCADE,
  participant_id uuid NOT NULL REFERENCES split_participants (id) ON DELETE CASCADE,
  track_id uuid,
  basis_points integer NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
  UNIQUE NULLS NOT DISTINCT (version_id, track_id, participant_id)
);
CREATE INDEX split_shares_participant_idx ON split_shares (participant_id);

-- A cost repaid from the release's owner share before the shares apply, in creation order, to the participant who
-- paid. repaid_micro grows at each close (micro-units of the platform currency) up to amount_cents * 10,000.
CREATE TABLE split_recoupments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  split_id uuid NOT NULL REFERENCES splits (id) ON DELETE CASCADE,
  label text NOT NULL,
  paid_by_participant_id uuid NOT NULL REFERENCES split_participants (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  repaid_micro bigint NOT NULL DEFAULT 0 CHECK (repaid_micro >= 0 AND repaid_micro <= amount_cents * 10000),
  -- The clock, so recoupments listed in one request are repaid in the order they were listed.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX split_recoupments_split_idx ON split_recoupments (split_id, created_at, id);
