-- The audit log of administrators' changes (hardening issue): one row per admin endpoint call that changed
-- something and succeeded, written by the API's response hook. Append-only, like the ledger.
CREATE TABLE admin_audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid NOT NULL REFERENCES users (id),
  action text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  status integer NOT NULL
);
CREATE INDEX admin_audit_events_at_idx ON admin_audit_events (at DESC, id DESC);
CREATE INDEX admin_audit_events_admin_idx ON admin_audit_events (admin_id, at DESC);

CREATE FUNCTION admin_audit_events_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_events is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER admin_audit_events_no_change BEFORE UPDATE OR DELETE ON admin_audit_events
  FOR EACH ROW EXECUTE FUNCTION admin_audit_events_append_only();
