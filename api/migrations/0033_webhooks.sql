-- Webhooks (docs/decisions/0088-webhooks.md): an account's HTTPS endpoints, the events written in the transaction
-- of the change that caused them (the outbox), and one delivery per event and endpoint with its attempts.

-- `secret` is kept as it was issued: every delivery is signed with it (HMAC), so a hash would not do, and encrypting
-- it with a key from the same process's settings would protect nothing a database reader could not also read
-- (the decision says why). It is answered once, at creation and rotation.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (url LIKE 'https://%' AND length(url) <= 2048),
  event_types text[] NOT NULL CHECK (cardinality(event_types) > 0),
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id);

-- One event of an account, whatever endpoints it had at the time; `data` is the type's payload
-- (libs/contracts/src/webhook-events.ts).
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_account_idx ON webhook_events (account_id, created_at);

-- An event on its way to one endpoint. PENDING while attempts go on (the next at next_attempt_at, a pg-boss job
-- started after then), SUCCEEDED after a 2xx, FAILED when the retries ran out or the endpoint was turned off.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  response_code integer,
  last_error text,
  next_attempt_at timestamptz,
  first_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- Each attempt of a delivery, for the log and the delivery figures: when, how long, what came back.
CREATE TABLE webhook_delivery_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  response_code integer,
  error text,
  PRIMARY KEY (delivery_id, attempt)
);
