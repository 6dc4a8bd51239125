-- Each completed `npm run backup` (or scheduled backup), recorded once its manifest is written
-- (docs/decisions/0084-backup-and-restore.md): where it went, how many bytes it holds and its manifest's sha256, so
-- the operator's view can show the last backup's age. A backup's own row is written after its snapshot, so a backup
-- never lists itself; restoring it brings back the rows of the backups before it.
CREATE TABLE backup_runs (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL CHECK (finished_at >= started_at),
  location text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  manifest_sha256 text NOT NULL CHECK (manifest_sha256 ~ '^[0-9a-f]{64}$')
);
CREATE INDEX backup_runs_finished_idx ON backup_runs (finished_at DESC);
