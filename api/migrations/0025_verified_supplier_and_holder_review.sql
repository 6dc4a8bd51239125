-- Invoices in the verified name (N5 of the 2026-11-27 review; docs/decisions/0062-verified-supplier-and-names.md).
--
-- Billing details no longer carry the supplier's legal name: invoices take it from the account's approved identity
-- verification. What was typed as a legal name is kept as `declared_legal_name` (for the record; nothing prints
-- it) — it was never checked, so it is not carried over into the new trading name either: a name someone else
-- owns must not reappear on invoices as "trading as". The address stays: it is the business address invoices print.
ALTER TABLE billing_details RENAME COLUMN legal_name TO declared_legal_name;
ALTER TABLE billing_details
  ALTER COLUMN declared_legal_name DROP NOT NULL,
  ADD COLUMN trading_name text CHECK (length(trading_name) BETWEEN 1 AND 200);
-- VAT ids are normalized like SE556677889901 (up to 16 characters for CHE…MWST).
ALTER TABLE billing_details DROP CONSTRAINT billing_details_vat_id_check;
ALTER TABLE billing_details ADD CONSTRAINT billing_details_vat_id_check CHECK (vat_id ~ '^[A-Z0-9]{2,20}$');

-- A bank account's holder against the verified legal name: MATCHED when it was added, else PENDING_REVIEW until an
-- administrator APPROVED or REJECTED it. Payouts go to MATCHED and APPROVED accounts only. Cards have none.
ALTER TABLE payment_methods
  ADD COLUMN holder_review text CHECK (holder_review IN ('MATCHED', 'PENDING_REVIEW', 'APPROVED', 'REJECTED')),
  ADD COLUMN holder_reviewed_at timestamptz,
  ADD COLUMN holder_reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL;

-- Bank accounts already on file: MATCHED when the holder is, letter for letter ignoring case, accents and spacing,
-- the account's latest approved verification's name; otherwise an administrator looks at it (the full rule — name
-- parts in any order, middle names dropped — is the API's, applied to accounts added from now on).
UPDATE payment_methods m SET holder_review = CASE
    WHEN EXISTS (
      SELECT 1 FROM identity_verifications v
       WHERE v.account_id = m.account_id AND v.status = 'APPROVED'
         AND regexp_replace(lower(normalize(v.legal_name, NFKC)), '\s+', ' ', 'g')
           = regexp_replace(lower(normalize(trim(m.holder_name), NFKC)), '\s+', ' ', 'g'))
    THEN 'MATCHED' ELSE 'PENDING_REVIEW' END
  WHERE kind = 'BANK_ACCOUNT';
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_holder_review_kind
  CHECK ((kind = 'BANK_ACCOUNT') = (holder_review IS NOT NULL));
-- The administrators' queue.
CREATE INDEX payment_methods_holder_review_idx ON payment_methods (created_at)
  WHERE holder_review = 'PENDING_REVIEW' AND deleted_at IS NULL;
