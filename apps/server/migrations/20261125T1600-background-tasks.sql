-- The durable work queue (docs/decisions.md "Durable work queue"): pg-boss keeps its jobs in its
-- own schema, created by pg-boss at start; each job has one progress row here, which the web app
-- polls (GET /organisations/{organisationId}/background_tasks/{id}) and which outlives the job.
CREATE TABLE background_tasks (
  id text PRIMARY KEY,
  -- null for work no organisation asked for (a password-reset e-mail)
  organisation_id text REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'QUEUED'
    CHECK (status IN ('QUEUED', 'RUNNING', 'RETRYING', 'SUCCEEDED', 'DEAD')),
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer,
  message text,
  result jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX background_tasks_organisation_idx ON background_tasks (organisation_id, created_at);

GRANT SELECT, INSERT ON background_tasks TO fieldwork_app;

-- A member reads the organisation's tasks; work of no organisation is written by public routes
-- and read by nobody through the request role.
ALTER TABLE background_tasks ENABLE ROW LEVEL SECURITY;
ALTER TABLE background_tasks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON background_tasks
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true)
              OR organisation_id IS NULL);
