-- Time entries (field-work §3 Time): a member's worked time, started and ended on a phone (with
-- the location when the member allowed it), entered by hand, or corrected by a manager. The times
-- a timesheet counts are the overrides when set, else the recorded ones:
--   COALESCE(started_at_override, started_at) .. COALESCE(ended_at_override, ended_at)
-- An entry with no ended_at is open: the member is on the clock.
CREATE TABLE time_entries (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text,
  project_id text,
  site_id text,
  started_at timestamptz NOT NULL,
  started_at_override timestamptz,
  started_override_user_id text REFERENCES users (id) ON DELETE SET NULL,
  started_location_permission_granted boolean NOT NULL DEFAULT false,
  -- {latitude, longitude, accuracy?}; null when not granted or not sent
  started_location jsonb,
  ended_at timestamptz,
  ended_at_override timestamptz,
  ended_override_user_id text REFERENCES users (id) ON DELETE SET NULL,
  ended_location_permission_granted boolean NOT NULL DEFAULT false,
  ended_location jsonb,
  -- why a manager changed the times (shown beside the override)
  override_reason text,
  manual_entry boolean NOT NULL DEFAULT false,
  notes text,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, client_id) REFERENCES clients (organisation_id, id)
    ON DELETE SET NULL (client_id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id)
    ON DELETE SET NULL (project_id),
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id)
    ON DELETE SET NULL (site_id),
  CONSTRAINT time_entries_ends_after_start CHECK (
    ended_at IS NULL
    OR COALESCE(ended_at_override, ended_at) >= COALESCE(started_at_override, started_at))
);

-- A member has at most one open entry: held by the database, so two concurrent starts cannot
-- both succeed (the second fails on this index and is answered 409 with the reason).
CREATE UNIQUE INDEX time_entries_one_open_per_member
  ON time_entries (organisation_id, user_id) WHERE ended_at IS NULL;

-- Timesheets list and sum a member's entries over a period, and productivity sums hours per
-- member, project and period: both walk the effective start within an organisation.
CREATE INDEX time_entries_member_period_idx
  ON time_entries (organisation_id, user_id, (COALESCE(started_at_override, started_at)));
CREATE INDEX time_entries_period_idx
  ON time_entries (organisation_id, (COALESCE(started_at_override, started_at)));
CREATE INDEX time_entries_project_idx
  ON time_entries (organisation_id, project_id, (COALESCE(started_at_override, started_at)))
  WHERE project_id IS NOT NULL;

SELECT enable_tenant_rls('time_entries');
