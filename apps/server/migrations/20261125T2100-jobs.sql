-- Jobs (field-work §3): numbered per organisation by a counter row updated in the creating
-- transaction, so numbers have no gaps or duplicates however many are created at once.

CREATE TABLE job_number_counters (
  organisation_id text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  last_number integer NOT NULL
);

CREATE TABLE jobs (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  number integer NOT NULL,
  reference text,
  project_id text NOT NULL,
  site_id text,
  operative_id text,
  form_ids text[] NOT NULL DEFAULT '{}',
  date date,
  instructions text,
  contact_id text,
  visit_id text,
  status text NOT NULL DEFAULT 'AWAITING'
    CHECK (status IN ('AWAITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
  cancelled_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  locked_by_device_id text,
  locked_by_user_name text,
  locked_at timestamptz,
  -- [{attribute_id, name, type, value_*}] checked against the project's job attributes
  attribute_values jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (organisation_id, number),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id)
);
CREATE INDEX jobs_status_operative_date_idx ON jobs (organisation_id, status, operative_id, date, id);
CREATE INDEX jobs_operative_date_idx ON jobs (organisation_id, operative_id, date, id);
CREATE INDEX jobs_project_idx ON jobs (organisation_id, project_id);
CREATE INDEX jobs_date_idx ON jobs (organisation_id, date, id);
CREATE INDEX jobs_created_idx ON jobs (organisation_id, created_at, id);

GRANT SELECT, INSERT, UPDATE, DELETE ON jobs, job_number_counters TO fieldwork_app;

ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON jobs
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE job_number_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE job_number_counters FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON job_number_counters
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));
