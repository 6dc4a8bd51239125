-- Multi-part DSR sets (docs/decisions/0081-big-report-files.md): a platform splits a month's report into parts
-- (`_1of3`, `_2of3`, … in the file name; FileNumber/NumberOfFiles in the HEAD record). Each part is a report_files
-- row of its own, kept PENDING until every part of its set is in, in any order; then the set is loaded as one
-- report, all parts in one transaction. set_key names the set (sender, service, period, territory, part count);
-- rows of a set already LOADED are not counted again when the same set arrives later.
ALTER TABLE report_files
  ADD COLUMN set_key text,
  ADD COLUMN part_number integer,
  ADD COLUMN part_count integer,
  ADD CONSTRAINT report_files_set_part_check CHECK (
    (set_key IS NULL AND part_number IS NULL AND part_count IS NULL)
    OR (set_key IS NOT NULL AND part_count >= 2 AND part_number BETWEEN 1 AND part_count)
  );
CREATE INDEX report_files_set_idx ON report_files (set_key, part_number) WHERE set_key IS NOT NULL;
