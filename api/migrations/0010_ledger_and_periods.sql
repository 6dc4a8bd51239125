-- Money core (docs/decisions/0042-ledger-and-periods.md): monthly periods, the revenue lines platform reports bring
-- into them, and an append-only double-entry ledger in minor units (cents) of the platform currency. Revenue is in
-- integer micro-units (1e-6) of its own currency until the period closes; rounding to cents happens once, there.
-- The whole ledger is in one currency, the platform's (PLATFORM_CURRENCY): changing it on a live installation is
-- not supported.

-- One period per calendar month. OPEN takes revenue; CLOSING once a close has started (new revenue for that month
-- goes to the next open period); CLOSED when the close committed its ledger transfers. Totals are kept at close, in
-- micro-units of the platform currency (revenue = fee_collected + commission + credited + held) and in cents.
CREATE TABLE periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  month date NOT NULL UNIQUE CHECK (extract(day FROM month) = 1),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSING', 'CLOSED')),
  -- The platform currency the close converted into (the ledger's currency), set at close.
  currency char(3),
  created_at timestamptz NOT NULL DEFAULT now(),
  closing_at timestamptz,
  -- The Idempotency-Key of the admin request that started the close: asking again with it answers the same close.
  close_key text,
  closed_at timestamptz,
  revenue_micro bigint,
  fee_collected_micro bigint,
  commission_micro bigint,
  credited_micro bigint,
  held_micro bigint,
  unmatched_micro bigint,
  revenue_cents bigint,
  fee_collected_cents bigint,
  commission_cents bigint,
  credited_cents bigint,
  held_cents bigint,
  unmatched_cents bigint,
  -- What the period's lines held when it closed (report files, lines, streams, revenue by currency), so listing
  -- closed periods never sums their lines again: { reports, lines, unmatchedLines, streams, currencies: [...] }.
  line_summary jsonb,
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL)),
  CHECK (status <> 'CLOSED' OR (
    num_nulls(revenue_micro, fee_collected_micro, commission_micro, credited_micro, held_micro, unmatched_micro,
      revenue_cents, fee_collected_cents, commission_cents, credited_cents, held_cents, unmatched_cents) = 0
    AND revenue_micro = fee_collected_micro + commission_micro + credited_micro + held_micro
    AND revenue_cents = fee_collected_cents + commission_cents + credited_cents + held_cents))
);

-- A closed period is final: the database refuses to change or remove it.
CREATE FUNCTION periods_closed_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'CLOSED' THEN
    RAISE EXCEPTION 'period % is closed: it never changes', to_char(OLD.month, 'YYYY-MM')
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER periods_closed_final BEFORE UPDATE OR DELETE ON periods
  FOR EACH ROW EXECUTE FUNCTION periods_closed_final();

-- A period's exchange rate into the platform currency, entered by an admin before the close: one unit of
-- `currency` is worth rate_ppb / 1e9 units of the platform currency (integer parts per billion, never a float).
CREATE TABLE period_exchange_rates (
  period_id uuid NOT NULL REFERENCES periods (id),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  rate_ppb bigint NOT NULL CHECK (rate_ppb > 0),
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (period_id, currency)
);

-- Rates are fixed once the close has started: what was previewed and checked is what closes.
CREATE FUNCTION period_rates_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  period_status text;
BEGIN
  SELECT status INTO period_status FROM periods
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.period_id ELSE NEW.period_id END;
  IF period_status <> 'OPEN' THEN
    RAISE EXCEPTION 'the period is %: its exchange rates are fixed', lower(period_status)
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER period_rates_open BEFORE INSERT OR UPDATE OR DELETE ON period_exchange_rates
  FOR EACH ROW EXECUTE FUNCTION period_rates_open();

-- Revenue of one usage line of a platform report, in micro-units of the report's currency, filed in the period
-- periodForUsage chose (the usage month's when open, else the next open one). Track, album and account are the
-- catalogue's ids without foreign keys (as stream facts: the catalogue soft-deletes), all null when unmatched.
CREATE TABLE revenue_lines (
  id bigserial PRIMARY KEY,
  period_id uuid NOT NULL REFERENCES periods (id),
  report_file_id uuid REFERENCES report_files (id),
  track_id uuid,
  album_id uuid,
  account_id uuid,
  isrc text,
  upc text,
  platform text NOT NULL,
  territory char(2),
  first_day date NOT NULL,
  last_day date NOT NULL CHECK (last_day >= first_day),
  streams bigint NOT NULL CHECK (streams >= 0),
  revenue_micro bigint NOT NULL CHECK (revenue_micro >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  matched boolean NOT NULL,
  CHECK (NOT matched OR (track_id IS NOT NULL AND album_id IS NOT NULL AND account_id IS NOT NULL))
);
CREATE INDEX revenue_lines_period_idx ON revenue_lines (period_id, matched);
CREATE INDEX revenue_lines_report_file_idx ON revenue_lines (report_file_id);

-- A closed (or closing) period never changes: lines are added to, changed in or removed from open periods only.
-- Statement-level with transition tables, so a bulk load pays one check per statement, not one per row.
CREATE FUNCTION revenue_lines_period_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed_month date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.month INTO closed_month FROM periods p
      WHERE p.status <> 'OPEN' AND p.id IN (SELECT DISTINCT period_id FROM new_rows) LIMIT 1;
  END IF;
  IF closed_month IS NULL AND TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.month INTO closed_month FROM periods p
      WHERE p.status <> 'OPEN' AND p.id IN (SELECT DISTINCT period_id FROM old_rows) LIMIT 1;
  END IF;
  IF closed_month IS NOT NULL THEN
    RAISE EXCEPTION 'period % is not open: its revenue lines cannot change', to_char(closed_month, 'YYYY-MM')
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER revenue_lines_insert_open AFTER INSERT ON revenue_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_lines_period_open();
CREATE TRIGGER revenue_lines_update_open AFTER UPDATE ON revenue_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION revenue_lines_period_open();
CREATE TRIGGER revenue_lines_delete_open AFTER DELETE ON revenue_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_lines_period_open();

-- A ledger account, named by its key: wallet:<accountId>, held:<inviteId or split participant id>, or
-- platform:<name> (store-receivables, fee-collection, commission, unmatched, payouts-in-flight, settlements).
-- Only wallets (and held accruals) belong to someone; a wallet's account id has no foreign key, so deleting an
-- account can never reach its ledger history. The row is what a debit locks (FOR UPDATE) while it checks the balance.
CREATE TABLE ledger_accounts (
  key text PRIMARY KEY CHECK (key ~ '^(wallet|held|platform):[A-Za-z0-9._-]+$'),
  kind text NOT NULL CHECK (kind IN ('WALLET', 'HELD', 'PLATFORM')),
  account_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'WALLET') = (account_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_wallet_idx ON ledger_accounts (account_id) WHERE kind = 'WALLET';

-- One movement of `amount` cents from `debit_key` to `credit_key`. The idempotency key makes a replay return the
-- first transfer; the references say what the movement was for.
CREATE TABLE ledger_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind ~ '^[A-Z][A-Z_]*$'),
  debit_key text NOT NULL REFERENCES ledger_accounts (key),
  credit_key text NOT NULL REFERENCES ledger_accounts (key),
  amount bigint NOT NULL CHECK (amount > 0),
  period_id uuid REFERENCES periods (id),
  album_id uuid,
  payout_id uuid,
  split_id uuid,
  invite_id uuid,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_key <> credit_key)
);
CREATE INDEX ledger_transfers_period_idx ON ledger_transfers (period_id) WHERE period_id IS NOT NULL;
CREATE INDEX ledger_transfers_album_idx ON ledger_transfers (album_id) WHERE album_id IS NOT NULL;

-- The two sides of every transfer: -amount on the debited account, +amount on the credited one, so all entries sum
-- to zero and an account's balance is the sum of its entries.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transfer_id uuid NOT NULL REFERENCES ledger_transfers (id),
  account_key text NOT NULL REFERENCES ledger_accounts (key),
  amount bigint NOT NULL CHECK (amount <> 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transfer_id, account_key)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_key, id) INCLUDE (amount);

-- Entries and transfers are history: the database refuses to change or remove them, whoever asks.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- What the close allocated, per track and beneficiary, in micro-units of the platform currency: the statement
-- lines behind the period's transfers (kind FEE, COMMISSION, CREDIT, HELD; beneficiary is a ledger account key).
CREATE TABLE period_allocations (
  period_id uuid NOT NULL REFERENCES periods (id),
  track_id uuid NOT NULL,
  album_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('FEE', 'COMMISSION', 'CREDIT', 'HELD')),
  beneficiary_key text NOT NULL CHECK (beneficiary_key ~ '^(wallet|held|platform):[A-Za-z0-9._-]+$'),
  streams bigint NOT NULL,
  amount_micro bigint NOT NULL CHECK (amount_micro >= 0),
  PRIMARY KEY (period_id, track_id, kind, beneficiary_key)
);
CREATE INDEX period_allocations_beneficiary_idx ON period_allocations (beneficiary_key, period_id);
