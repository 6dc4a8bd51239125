-- Cards as payment methods (docs/decisions/0048-payments.md): saved through the payment provider's
-- hosted set-up page, confirmed by its webhook or the browser's return, stored once. Of a card only what the
-- provider reports for showing it is kept — brand, last four digits, expiry — and the provider's reference to it;
-- never its number.

ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_kind_check;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_kind_check CHECK (kind IN ('BANK_ACCOUNT', 'CARD'));
ALTER TABLE payment_methods
  ALTER COLUMN holder_name DROP NOT NULL,
  ALTER COLUMN country DROP NOT NULL,
  ALTER COLUMN iban_country DROP NOT NULL,
  ALTER COLUMN iban_length DROP NOT NULL,
  ALTER COLUMN iban_last4 DROP NOT NULL,
  ADD COLUMN card_brand text CHECK (card_brand ~ '^[a-z_ ]{1,30}$'),
  ADD COLUMN card_last4 char(4) CHECK (card_last4 ~ '^[0-9]{4}$'),
  ADD COLUMN card_exp_month smallint CHECK (card_exp_month BETWEEN 1 AND 12),
  ADD COLUMN card_exp_year smallint CHECK (card_exp_year BETWEEN 2000 AND 2100),
  -- A bank account has its masked IBAN and holder; a card its brand, digits and expiry; neither the other's.
  ADD CONSTRAINT payment_methods_kind_fields CHECK (
    CASE kind
      WHEN 'BANK_ACCOUNT' THEN holder_name IS NOT NULL AND country IS NOT NULL AND iban_country IS NOT NULL
        AND iban_length IS NOT NULL AND iban_last4 IS NOT NULL AND card_last4 IS NULL
      ELSE card_brand IS NOT NULL AND card_last4 IS NOT NULL AND card_exp_month IS NOT NULL
        AND card_exp_year IS NOT NULL AND iban_last4 IS NULL
    END);

-- One card set-up: the provider's hosted page the browser is sent to. It is decided once (PENDING → SUCCEEDED |
-- FAILED); a SUCCEEDED one names the card it stored, and a card is stored by one set-up only.
CREATE TABLE payment_method_setups (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  provider text NOT NULL,
  provider_reference text,
  redirect_url text,
  payment_method_id uuid UNIQUE REFERENCES payment_methods (id),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((status = 'SUCCEEDED') = (payment_method_id IS NOT NULL)),
  CHECK ((status = 'PENDING') = (decided_at IS NULL))
);
CREATE INDEX payment_method_setups_account_idx ON payment_method_setups (account_id, created_at DESC);
-- The reconciliation job's look-up: set-ups and payments still waiting for the provider.
CREATE INDEX payment_method_setups_pending_idx ON payment_method_setups (created_at) WHERE status = 'PENDING';
CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'PENDING';

CREATE FUNCTION payment_method_setups_status_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = OLD.status THEN RETURN NEW; END IF;
  IF OLD.status = 'PENDING' THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'card set-up % cannot go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER payment_method_setups_status_forward BEFORE UPDATE OF status ON payment_method_setups
  FOR EACH ROW EXECUTE FUNCTION payment_method_setups_status_forward();

-- The built-in payment simulator's set-up pages: each one it opened and the test card chosen there (or none).
CREATE TABLE payment_simulator_setups (
  setup_id uuid PRIMARY KEY,
  opened_at timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('SAVED', 'CANCELLED')),
  card_brand text,
  card_last4 char(4),
  card_exp_month smallint,
  card_exp_year smallint,
  decided_at timestamptz,
  CHECK ((outcome IS NULL) = (decided_at IS NULL)),
  CHECK ((outcome = 'SAVED') = (card_last4 IS NOT NULL))
);
