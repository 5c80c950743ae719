-- Daily job plans and visits (field-work §3): a plan is an operative's work for one local day,
-- ordered among that operative's plans of the day (operative_view_order); a visit groups jobs
-- (jobs.visit_id) and is soft-deleted with restore.

CREATE TABLE daily_job_plans (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  operative_id text NOT NULL,
  local_day date NOT NULL,
  reference text,
  form_ids text[] NOT NULL DEFAULT '{}',
  instructions text,
  operative_view_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX daily_job_plans_day_idx
  ON daily_job_plans (organisation_id, local_day, operative_id, operative_view_order, id);
CREATE INDEX daily_job_plans_operative_idx
  ON daily_job_plans (organisation_id, operative_id, local_day, operative_view_order, id);

CREATE TABLE visits (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  reference text,
  project_id text,
  site_id text,
  date date,
  notes text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id)
);
CREATE INDEX visits_date_idx ON visits (organisation_id, date, id);
CREATE INDEX visits_project_idx ON visits (organisation_id, project_id);

-- Jobs name a visit of their own organisation. NOT VALID: rows written before visits existed
-- (when visit_id was not checked) are left as they are; every new or changed row is checked.
ALTER TABLE jobs ADD CONSTRAINT jobs_visit_fk
  FOREIGN KEY (organisation_id, visit_id) REFERENCES visits (organisation_id, id) NOT VALID;
CREATE INDEX jobs_visit_idx ON jobs (organisation_id, visit_id) WHERE visit_id IS NOT NULL;

SELECT enable_tenant_rls('daily_job_plans');
SELECT enable_tenant_rls('visits');
