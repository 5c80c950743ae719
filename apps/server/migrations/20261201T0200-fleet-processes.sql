-- The processes running on this database (API and worker roles, docs/deployment.md), each with
-- what every process must agree on: a fingerprint of APP_SECRET (never the secret) and where the
-- files are stored. A starting process compares its own with the live ones' and refuses to start
-- on a disagreement; each row is refreshed every few seconds and forgotten once it goes stale.
-- A fleet is the processes sharing one work queue (QUEUE_SCHEMA): only those are compared.
CREATE TABLE fleet_processes (
  id text PRIMARY KEY,
  queue_schema text NOT NULL,
  role text NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  secret_fingerprint text NOT NULL,
  storage text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX fleet_processes_queue_idx ON fleet_processes (queue_schema, started_at);
