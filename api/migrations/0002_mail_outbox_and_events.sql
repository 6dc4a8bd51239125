-- Mail is written here in the same transaction as the action that causes it; a job delivers it.
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  -- The link the mail carries, logged when mail goes to files so a local install can follow it.
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;

-- Analytics records posted by the web app (page:error, login, ...).
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  session_id uuid,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  path text,
  user_agent text,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_time_idx ON analytics_events (name, occurred_at);
