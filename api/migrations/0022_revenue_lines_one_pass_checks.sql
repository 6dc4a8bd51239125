-- An insert of revenue lines is checked in one pass over its rows (docs/decisions/0051-ingest-one-merge.md,
-- "Second pass"): 0021's reference check read the statement's rows four times (the distinct periods, the distinct
-- files, and each lookup again) and 0010's open-period check a fifth; a load inserts as many lines as usage lines.
-- Now the distinct (period, report file) pairs are read once, and every check works on those few ids. The rules
-- and their errors are unchanged: the periods and report files named exist (locked FOR KEY SHARE, as a foreign key
-- locks them) and, on insert, every period named is open.
CREATE OR REPLACE FUNCTION revenue_lines_references_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  period_ids uuid[];
  file_ids uuid[];
  found bigint;
  closed_month date;
BEGIN
  -- The inner DISTINCT is hashed over every row; the arrays are built from its few pairs.
  SELECT array_agg(DISTINCT period_id), array_agg(DISTINCT report_file_id) FILTER (WHERE report_file_id IS NOT NULL)
    INTO period_ids, file_ids
    FROM (SELECT DISTINCT period_id, report_file_id FROM new_rows) AS pairs;
  IF coalesce(cardinality(period_ids), 0) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO found FROM (SELECT 1 FROM periods WHERE id = ANY (period_ids) FOR KEY SHARE) AS locked;
  IF found <> cardinality(period_ids) THEN
    RAISE EXCEPTION 'revenue lines name a period that does not exist'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_period_id_fkey';
  END IF;
  IF coalesce(cardinality(file_ids), 0) > 0 THEN
    SELECT count(*) INTO found FROM (SELECT 1 FROM report_files WHERE id = ANY (file_ids) FOR KEY SHARE) AS locked;
    IF found <> cardinality(file_ids) THEN
      RAISE EXCEPTION 'revenue lines name a report file that does not exist'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_report_file_id_fkey';
    END IF;
  END IF;
  -- 0010's rule for inserts (updates and deletes keep their own trigger, which also reads the old rows).
  IF TG_OP = 'INSERT' THEN
    SELECT p.month INTO closed_month FROM periods p WHERE p.status <> 'OPEN' AND p.id = ANY (period_ids) LIMIT 1;
    IF closed_month IS NOT NULL THEN
      RAISE EXCEPTION 'period % is not open: its revenue lines cannot change', to_char(closed_month, 'YYYY-MM')
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER revenue_lines_insert_open ON revenue_lines;
