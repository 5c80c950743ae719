-- Outgoing webhooks (issue 27, item 5; docs/webhooks.md): an organisation's endpoints, each
-- subscribed to some events, and one log row per delivery attempt.
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text,
  events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  CONSTRAINT webhook_endpoints_some_events CHECK (cardinality(events) > 0)
);
-- the fan-out: an organisation's enabled endpoints taking an event
CREATE INDEX webhook_endpoints_events_idx ON webhook_endpoints USING gin (events)
  WHERE enabled;
CREATE INDEX webhook_endpoints_organisation_idx ON webhook_endpoints (organisation_id, created_at);
SELECT enable_tenant_rls('webhook_endpoints');

-- The signing secrets, apart from the endpoints: the audit log's before-images of an endpoint
-- (to_jsonb of its row) never carry a secret.
CREATE TABLE webhook_endpoint_secrets (
  endpoint_id text PRIMARY KEY,
  organisation_id text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organisation_id, endpoint_id) REFERENCES webhook_endpoints (organisation_id, id)
    ON DELETE CASCADE
);
SELECT enable_tenant_rls('webhook_endpoint_secrets');

-- One row per attempt: the body sent (so a retry or a redelivery sends the same bytes), the
-- answer's status, time and first kilobyte, and when the next attempt is due.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  organisation_id text NOT NULL,
  endpoint_id text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  attempt integer NOT NULL,
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'DELIVERED', 'RETRYING', 'FAILED')),
  request_body text NOT NULL,
  status_code integer,
  duration_ms integer,
  response_body text,
  error text,
  delivered_at timestamptz,
  failed_at timestamptz,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, endpoint_id) REFERENCES webhook_endpoints (organisation_id, id)
    ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_endpoint_idx
  ON webhook_deliveries (organisation_id, endpoint_id, created_at DESC, id DESC);
SELECT enable_tenant_rls('webhook_deliveries');
