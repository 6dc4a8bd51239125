-- Corrections (docs/decisions/0078-corrections-and-negative-balances.md): a report line with a negative NetRevenue
-- or negative usages loads as a correction line, kept apart from usage lines (never summed into one), and its
-- revenue is ≤ 0; a usage line's stays ≥ 0. At the close a correction gives negative allocations of its own, so a
-- statement shows it as its own rows; the period's totals may then hold negative terms, and its conservation check
-- (revenue = fee + commission + credited + held) is unchanged.
ALTER TABLE revenue_lines ADD COLUMN correction boolean NOT NULL DEFAULT false;
ALTER TABLE revenue_lines DROP CONSTRAINT revenue_lines_revenue_micro_check;
ALTER TABLE revenue_lines ADD CONSTRAINT revenue_lines_revenue_micro_check
  CHECK (CASE WHEN correction THEN revenue_micro <= 0 ELSE revenue_micro >= 0 END);

ALTER TABLE period_allocations ADD COLUMN correction boolean NOT NULL DEFAULT false;
ALTER TABLE period_allocations DROP CONSTRAINT period_allocations_amount_micro_check;
ALTER TABLE period_allocations ADD CONSTRAINT period_allocations_amount_micro_check
  CHECK (CASE WHEN correction THEN amount_micro <= 0 ELSE amount_micro >= 0 END);
ALTER TABLE period_allocations DROP CONSTRAINT period_allocations_pkey;
ALTER TABLE period_allocations ADD PRIMARY KEY (period_id, track_id, kind, beneficiary_key, correction);
