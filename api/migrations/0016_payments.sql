-- Payments (docs/decisions/0048-payments.md): money coming in by card through a payment provider's hosted
-- checkout. Once the provider confirms it (its webhook or the browser's return, whichever comes first), one
-- transaction books it platform:payments-received → the wallet and then, for a takedown, pays the settlement from
-- the wallet and takes the release down.

-- One payment. The Idempotency-Key of the request is unique per account; `fingerprint` is what was asked, so the
-- same key with another body is refused. The payment id is the provider's idempotency key too.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  purpose text NOT NULL CHECK (purpose IN ('TAKEDOWN')),
  album_id uuid NOT NULL REFERENCES albums (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  fingerprint text NOT NULL,
  provider text NOT NULL,
  provider_reference text,
  checkout_url text,
  failure_reason text,
  -- What the money did once it arrived: paid the takedown, or stayed in the wallet because it no longer could.
  result text CHECK (result IN ('TAKEN_DOWN', 'KEPT_IN_WALLET')),
  result_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (account_id, idempotency_key),
  CHECK ((status = 'SUCCEEDED') = (result IS NOT NULL)),
  CHECK ((status = 'PENDING') = (settled_at IS NULL))
);
CREATE INDEX payments_account_idx ON payments (account_id, created_at DESC);

-- A payment is decided once: PENDING → SUCCEEDED | FAILED, both final.
CREATE FUNCTION payments_status_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = OLD.status THEN RETURN NEW; END IF;
  IF OLD.status = 'PENDING' THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'payment % cannot go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER payments_status_forward BEFORE UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_status_forward();

-- Provider events already acted on, by provider and event id: the same event sent again is refused. An event is
-- recorded in the transaction that acts on it, so one that failed half-way is not recorded and can be sent again.
CREATE TABLE payment_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  payment_id uuid,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The built-in payment simulator's own books: each checkout it opened and what the person at it chose.
CREATE TABLE payment_simulator_checkouts (
  payment_id uuid PRIMARY KEY,
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  description text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('PAID', 'DECLINED')),
  decided_at timestamptz,
  CHECK ((outcome IS NULL) = (decided_at IS NULL))
);
