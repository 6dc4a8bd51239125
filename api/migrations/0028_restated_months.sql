-- Restated months (docs/decisions/0079-restated-months.md): a report line for a month whose period is closed is
-- loaded into the open period as the difference against what was loaded before for the same platform, usage month
-- and track, and names the closed period it adjusts. No foreign key, as for the line's other references
-- (0021/0022 check those per statement): only the loader sets it, to a period it has just read as closed.
ALTER TABLE revenue_lines ADD COLUMN restates_period_id uuid;

-- The close keeps an adjustment's allocations apart from the usage month's own, so a statement can name the
-- original period. Ledger transfers are unchanged (one per album, beneficiary, kind and sign).
ALTER TABLE period_allocations ADD COLUMN restates_period_id uuid;
ALTER TABLE period_allocations DROP CONSTRAINT period_allocations_pkey;
CREATE UNIQUE INDEX period_allocations_line_key ON period_allocations
  (period_id, track_id, kind, beneficiary_key, correction, restates_period_id) NULLS NOT DISTINCT;

-- The closed months a report file restated (the admin's report list says so), set by its load.
ALTER TABLE report_files ADD COLUMN restated_months date[] NOT NULL DEFAULT '{}';
