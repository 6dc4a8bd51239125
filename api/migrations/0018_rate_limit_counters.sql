-- Per-address rate-limit counters (docs/decisions/0014-rate-limits.md, 0050-several-api-processes.md), shared by
-- every API process so that a limit holds whichever process answers. One row per (route, address) and window:
-- a hit is one upsert. UNLOGGED: counters are not worth a WAL write per request, and losing them in a crash only
-- restarts the windows. Expired rows are reused by the next hit and removed by the cleanup job.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at_idx ON rate_limit_counters (resets_at);
