-- Licences, distribution fees and the streams collected for them (docs/decisions/0043-plans-and-fees.md).
-- A published release holds one licence under a plan; each licence year issues a distribution fee of a number of
-- streams at a price per stream, paid first by the release's royalties (origin ROYALTIES, at period close) or
-- settled from the owner's wallet (origin BALANCE). Money per stream in micro-units (1e-6 of the platform
-- currency), bigint.

CREATE TABLE licences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  album_id uuid NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('FREE', 'FREE_DISTRIBUTION', 'EARLY_ADOPTER', 'STANDARD')),
  -- The part of the royalties the owner keeps, in basis points (10,000 = all of it).
  share_bp integer NOT NULL CHECK (share_bp BETWEEN 0 AND 10000),
  -- The fee terms as they were when the licence was made ({ numberOfStreams, pricePerStream } or null: no fee):
  -- later changes to the plan settings never change an existing licence.
  fee_terms jsonb,
  -- Accepting the terms also confirms ownership of the recordings.
  terms_accepted_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('PENDING', 'ACTIVE', 'CANCELED', 'REVOKED')),
  assigned_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  revoked_at timestamptz,
  canceled_at timestamptz,
  -- Licence years count from starts_at (the release date, or the day it was published when that is later).
  starts_at date NOT NULL,
  ends_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at >= starts_at)
);
-- One licence in force per release; a taken-down release keeps its ended licence for the record.
CREATE UNIQUE INDEX licences_album_in_force_idx ON licences (album_id) WHERE status IN ('PENDING', 'ACTIVE');
CREATE INDEX licences_account_created_idx ON licences (account_id, created_at, id);

CREATE TABLE distribution_fees (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  licence_id uuid NOT NULL REFERENCES licences (id) ON DELETE CASCADE,
  -- 1 for the licence's first year, 2 for the second, ...
  sequence_number integer NOT NULL CHECK (sequence_number >= 1),
  issued_at date NOT NULL,
  expires_at date NOT NULL CHECK (expires_at > issued_at),
  number_of_streams bigint NOT NULL CHECK (number_of_streams > 0),
  price_per_stream_micro bigint NOT NULL CHECK (price_per_stream_micro >= 0),
  collection_started_at date NOT NULL,
  -- Set when the fee is settled or its year is over (what was not collected by then is not owed).
  collection_ended_at timestamptz,
  settled_at timestamptz,
  is_current boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (licence_id, sequence_number)
);
CREATE UNIQUE INDEX distribution_fees_current_idx ON distribution_fees (licence_id) WHERE is_current;

-- What paid a fee: streams (and their royalties) taken at a period's close, or a settlement from the wallet.
CREATE TABLE stream_collections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fee_id uuid NOT NULL REFERENCES distribution_fees (id) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin IN ('ROYALTIES', 'BALANCE')),
  streams bigint NOT NULL CHECK (streams > 0),
  royalty_collected_micro bigint NOT NULL CHECK (royalty_collected_micro >= 0),
  -- ROYALTIES: the period whose close collected them; BALANCE: the wallet transfer that paid the settlement.
  period_id uuid REFERENCES periods (id),
  ledger_transfer_id uuid REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((origin = 'ROYALTIES') = (period_id IS NOT NULL)),
  CHECK (origin = 'ROYALTIES' OR ledger_transfer_id IS NOT NULL)
);
CREATE INDEX stream_collections_fee_idx ON stream_collections (fee_id);
CREATE INDEX stream_collections_period_idx ON stream_collections (period_id) WHERE period_id IS NOT NULL;
