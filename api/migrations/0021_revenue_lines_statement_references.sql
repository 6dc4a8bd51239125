-- Revenue lines name their period and report file as before, but the references are checked once per statement
-- instead of once per row (docs/decisions/0051-ingest-one-merge.md, "Second pass"): a load files as many revenue
-- lines as usage lines, and the two foreign keys' row-by-row checks were half of its revenue phase. The same rules
-- hold: a line names a period and (when it has one) a report file that exist, and neither can be deleted, nor its
-- id changed, while a line names it.
ALTER TABLE revenue_lines
  DROP CONSTRAINT revenue_lines_period_id_fkey,
  DROP CONSTRAINT revenue_lines_report_file_id_fkey;

-- After each insert or update: every period and report file the statement's lines name exists. They are locked
-- as a foreign key locks them (FOR KEY SHARE), so no other transaction can delete them until this one ends.
CREATE FUNCTION revenue_lines_references_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  periods_named bigint;
  periods_found bigint;
  files_named bigint;
  files_found bigint;
BEGIN
  -- DISTINCT in a subquery is hashed; count(DISTINCT …) would sort every line.
  SELECT (SELECT count(*) FROM (SELECT DISTINCT period_id FROM new_rows) AS named),
         (SELECT count(*) FROM (SELECT DISTINCT report_file_id FROM new_rows WHERE report_file_id IS NOT NULL) AS named)
    INTO periods_named, files_named;
  SELECT count(*) INTO periods_found FROM (
    SELECT 1 FROM periods WHERE id IN (SELECT period_id FROM new_rows) FOR KEY SHARE
  ) AS locked;
  IF periods_found <> periods_named THEN
    RAISE EXCEPTION 'revenue lines name a period that does not exist'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_period_id_fkey';
  END IF;
  IF files_named > 0 THEN
    SELECT count(*) INTO files_found FROM (
      SELECT 1 FROM report_files WHERE id IN (SELECT report_file_id FROM new_rows) FOR KEY SHARE
    ) AS locked;
    IF files_found <> files_named THEN
      RAISE EXCEPTION 'revenue lines name a report file that does not exist'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_report_file_id_fkey';
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER revenue_lines_insert_references AFTER INSERT ON revenue_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_lines_references_exist();
CREATE TRIGGER revenue_lines_update_references AFTER UPDATE ON revenue_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_lines_references_exist();

-- Before a period or report file is deleted, or its id changed: no revenue line may still name it. The row lock
-- the delete takes first waits for a load that locked the row (above) to end, and this check then sees its lines.
CREATE FUNCTION revenue_lines_referenced_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM revenue_lines WHERE period_id = OLD.id) THEN
    RAISE EXCEPTION 'period % still has revenue lines', OLD.id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_period_id_fkey';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER periods_revenue_lines_delete BEFORE DELETE ON periods
  FOR EACH ROW EXECUTE FUNCTION revenue_lines_referenced_period();
CREATE TRIGGER periods_revenue_lines_id BEFORE UPDATE OF id ON periods
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION revenue_lines_referenced_period();

CREATE FUNCTION revenue_lines_referenced_report_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM revenue_lines WHERE report_file_id = OLD.id) THEN
    RAISE EXCEPTION 'report file % still has revenue lines', OLD.id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'revenue_lines_report_file_id_fkey';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER report_files_revenue_lines_delete BEFORE DELETE ON report_files
  FOR EACH ROW EXECUTE FUNCTION revenue_lines_referenced_report_file();
CREATE TRIGGER report_files_revenue_lines_id BEFORE UPDATE OF id ON report_files
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION revenue_lines_referenced_report_file();
