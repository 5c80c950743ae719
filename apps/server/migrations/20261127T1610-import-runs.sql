-- Imports on the work queue (docs/decisions.md "Imports on the work queue").
-- A task refused for good (an import whose rows are rejected) ends FAILED, not retried.
ALTER TABLE background_tasks DROP CONSTRAINT background_tasks_status_check;
ALTER TABLE background_tasks ADD CONSTRAINT background_tasks_status_check
  CHECK (status IN ('QUEUED', 'RUNNING', 'RETRYING', 'SUCCEEDED', 'FAILED', 'DEAD'));

-- One row per queued import that committed, written in the import's own transaction: a run of
-- the same task again (at-least-once delivery after a crash between commit and report) finds it
-- and answers the stored result instead of importing twice.
CREATE TABLE import_runs (
  task_id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  kind text NOT NULL,
  created_count integer NOT NULL,
  result jsonb NOT NULL,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_runs_organisation_idx ON import_runs (organisation_id, created_at);

SELECT enable_tenant_rls('import_runs');
-- A stored result is never changed or removed by a request.
REVOKE UPDATE, DELETE ON import_runs FROM fieldwork_app;
