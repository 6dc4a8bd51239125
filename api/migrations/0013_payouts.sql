-- Payouts (docs/decisions/0046-payouts.md): payout methods, billing details, payouts and their self-billing
-- invoices. Money moves in the ledger (0010): wallet → platform:payouts-in-flight when a payout is requested,
-- onwards to platform:settlements when it settles, back to the wallet when it fails or is returned.

-- The legal person self-billing invoices are made out for. An invoice copies them when it is issued, so changing
-- them never rewrites an invoice.
CREATE TABLE billing_details (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  legal_name text NOT NULL CHECK (length(legal_name) BETWEEN 2 AND 200),
  address_line text NOT NULL CHECK (length(address_line) BETWEEN 3 AND 200),
  postal_code text NOT NULL CHECK (length(postal_code) <= 20),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  vat_id text CHECK (vat_id ~ '^[A-Z0-9]{1,20}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A payout method: a bank account (cards may follow, hence `kind`). The full IBAN is handed to the payout provider,
-- which answers a recipient reference to pay it by; only the IBAN's country, length and last four characters are
-- kept, enough to show it masked. A method belongs to the provider that registered it. Removing one sets
-- deleted_at: payouts made to it keep naming it.
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  kind text NOT NULL CHECK (kind IN ('BANK_ACCOUNT')),
  holder_name text NOT NULL,
  country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  bic text CHECK (bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  iban_country char(2) NOT NULL CHECK (iban_country ~ '^[A-Z]{2}$'),
  iban_length smallint NOT NULL CHECK (iban_length BETWEEN 15 AND 34),
  iban_last4 char(4) NOT NULL CHECK (iban_last4 ~ '^[A-Z0-9]{4}$'),
  provider text NOT NULL,
  provider_recipient text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX payment_methods_account_idx ON payment_methods (account_id) WHERE deleted_at IS NULL;

-- One payout. Its id is the provider's idempotency key, so sending it again (a retry, the recovery job) can never
-- pay twice. The Idempotency-Key of the request is unique per account; `fingerprint` is what was asked (amount and
-- method), so the same key with another body is refused.
CREATE TABLE payouts (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  payment_method_id uuid NOT NULL REFERENCES payment_methods (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'REQUESTED'
    CHECK (status IN ('REQUESTED', 'SENT', 'SETTLED', 'FAILED', 'RETURNED')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  fingerprint text NOT NULL,
  provider text NOT NULL,
  provider_reference text,
  failure_reason text,
  send_attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  settled_at timestamptz,
  reversed_at timestamptz,
  UNIQUE (account_id, idempotency_key),
  CHECK ((status IN ('FAILED', 'RETURNED')) = (reversed_at IS NOT NULL))
);
CREATE INDEX payouts_account_idx ON payouts (account_id, requested_at DESC, id DESC);
-- The recovery job's and the in-flight sum's look-ups: payouts the provider has not finished with.
CREATE INDEX payouts_open_idx ON payouts (status, requested_at) WHERE status IN ('REQUESTED', 'SENT');

-- A payout only moves forward: REQUESTED → SENT | FAILED; SENT → SETTLED | FAILED | RETURNED; SETTLED → RETURNED
-- (a bank can send money back after it arrived). FAILED and RETURNED are final.
CREATE FUNCTION payouts_status_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = OLD.status THEN RETURN NEW; END IF;
  IF (OLD.status, NEW.status) IN (('REQUESTED', 'SENT'), ('REQUESTED', 'FAILED'), ('SENT', 'SETTLED'),
      ('SENT', 'FAILED'), ('SENT', 'RETURNED'), ('SETTLED', 'RETURNED')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payout % cannot go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER payouts_status_forward BEFORE UPDATE OF status ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_status_forward();

-- The last invoice number of each year. A payout's transaction takes the next number by updating this row, which
-- holds its lock until that transaction ends: a rolled-back payout gives its number back, so numbers have no gaps
-- (a sequence would leave one for every rollback).
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last_number integer NOT NULL CHECK (last_number > 0)
);

-- A self-billing invoice: the platform makes it out on the artist's behalf for one payout. The supplier's details
-- are copied when it is issued. A payout that fails or comes back cancels its invoice, which keeps its number.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payout_id uuid NOT NULL UNIQUE REFERENCES payouts (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  year integer NOT NULL,
  number integer NOT NULL CHECK (number > 0),
  issued_at timestamptz NOT NULL DEFAULT now(),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  total bigint NOT NULL CHECK (total > 0),
  supplier jsonb NOT NULL,
  cancelled_at timestamptz,
  UNIQUE (year, number)
);

-- The built-in payout simulator's own books: what it was sent (once per payout id, however often it is asked)
-- and what it was told to do with it.
CREATE TABLE payout_simulator_transfers (
  payout_id uuid PRIMARY KEY,
  recipient text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('FAIL', 'RETURN'))
);
