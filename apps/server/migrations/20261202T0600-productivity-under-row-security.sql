-- The rollup's recomputations and the timesheets' period filters ran without their indexes for the
-- request role. Under row security PostgreSQL uses a condition as an index condition only when
-- it cannot leak values (PostgreSQL's "leakproof"): a COALESCE expression or a call of a
-- function such as productivity_zone() is not, so `coalesce(operative_id, '') = $u` or
-- `submitted_at >= (day AT TIME ZONE productivity_zone(org))` became filters over every row of
-- the organisation's project or of the organisation (a sheet's submit took 1.2 s in an
-- organisation of 500,000 sheets, of which JIT compilation of the mis-costed plan took 1 s).
-- Now every indexed condition compares plain columns with values computed beforehand:
--   - a key's bounds (the day's first and last moment in the organisation's zone, a month's end)
--     come from PL/pgSQL functions, which the planner cannot inline into the query;
--   - a time entry's effective start is a stored column (generated), indexed as it is;
--   - sheets and completed locations are found by project and moment, and the member (coalesce)
--     is checked on the few rows of that project's day.
-- The recomputing functions also run without JIT: their estimates (a hundred keys where there
-- are one or two) priced plans high enough to compile them on every statement.

-- 1. A time entry's effective start --------------------------------------------------------------
ALTER TABLE time_entries
  ADD COLUMN effective_started_at timestamptz
  GENERATED ALWAYS AS (coalesce(started_at_override, started_at)) STORED;
DROP INDEX time_entries_member_period_idx;
DROP INDEX time_entries_period_idx;
DROP INDEX time_entries_project_idx;
CREATE INDEX time_entries_member_period_idx
  ON time_entries (organisation_id, user_id, effective_started_at);
CREATE INDEX time_entries_period_idx ON time_entries (organisation_id, effective_started_at);
CREATE INDEX time_entries_project_idx ON time_entries (organisation_id, project_id, effective_started_at)
  WHERE project_id IS NOT NULL;

-- 2. Sheets and completions by project and moment --------------------------------------------------
DROP INDEX job_sheets_productivity_submitted_idx;
DROP INDEX job_sheets_productivity_approved_idx;
CREATE INDEX job_sheets_productivity_submitted_idx
  ON job_sheets (organisation_id, project_id, submitted_at) WHERE submitted_at IS NOT NULL;
CREATE INDEX job_sheets_productivity_approved_idx
  ON job_sheets (organisation_id, project_id, approved_at) WHERE approved_at IS NOT NULL;
CREATE INDEX locations_productivity_completed_idx
  ON locations (organisation_id, project_id, completed_at) WHERE completed_at IS NOT NULL;

-- 3. Keys with their bounds ---------------------------------------------------------------------
-- The distinct keys of a list, each with the day's bounds in its organisation's zone (a key of an
-- organisation being deleted is skipped).
CREATE FUNCTION productivity_key_days(keys jsonb)
RETURNS TABLE (o text, u text, p text, d date, t0 timestamptz, t1 timestamptz)
LANGUAGE plpgsql STABLE ROWS 4 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT k.o, k.u, k.p, k.d, k.d::timestamp AT TIME ZONE z.zone,
         (k.d + 1)::timestamp AT TIME ZONE z.zone
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date)) k
    JOIN organisations org ON org.id = k.o
    CROSS JOIN LATERAL (SELECT productivity_zone(k.o) AS zone) z;
END
$$;

-- The distinct month keys of a list (d the month's first day), each with the next month's first.
CREATE FUNCTION productivity_key_months(keys jsonb)
RETURNS TABLE (o text, u text, p text, d date, d1 date)
LANGUAGE plpgsql STABLE ROWS 4 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT DISTINCT r.o, r.u, r.p, r.d, (r.d + interval '1 month')::date
    FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date);
END
$$;

-- 4. The recomputations -------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION productivity_monthly_refresh() RETURNS trigger LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  keys jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', n.organisation_id,
        'u', n.user_id, 'p', n.project_id, 'd', date_trunc('month', n.day::timestamp)::date))
      FROM new_rows n), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', o.organisation_id,
        'u', o.user_id, 'p', o.project_id, 'd', date_trunc('month', o.day::timestamp)::date))
      FROM old_rows o), '[]');
  END IF;
  IF jsonb_array_length(keys) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM productivity_lock(keys, 27028);
  DELETE FROM productivity_monthly m
   USING jsonb_to_recordset(keys) AS k (o text, u text, p text, d date)
   WHERE m.organisation_id = k.o AND m.day = k.d AND m.user_id = k.u AND m.project_id = k.p;
  INSERT INTO productivity_monthly
  SELECT k.o, k.d, k.u, k.p, s.*
    FROM productivity_key_months(keys) k
    CROSS JOIN LATERAL (
      SELECT sum(d.job_sheets_submitted), sum(d.job_sheets_approved), sum(d.locations_completed),
             sum(d.seconds_worked), sum(d.square_metres), sum(d.square_metres_value),
             sum(d.linear_metres), sum(d.linear_metres_value), sum(d.cubic_metres),
             sum(d.cubic_metres_value), sum(d.items), sum(d.items_value), sum(d.openings),
             sum(d.openings_value)
        FROM productivity_daily d
       WHERE d.organisation_id = k.o AND d.user_id = k.u AND d.day >= k.d AND d.day < k.d1
         AND d.project_id = k.p
      HAVING count(*) > 0) s;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION productivity_refresh_sheets(keys jsonb) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
BEGIN
  PERFORM productivity_lock(keys);
  INSERT INTO productivity_daily AS d (organisation_id, day, user_id, project_id,
      job_sheets_submitted, job_sheets_approved, square_metres, square_metres_value,
      linear_metres, linear_metres_value, cubic_metres, cubic_metres_value, items, items_value,
      openings, openings_value)
  SELECT k.o, k.d, k.u, k.p, s.submitted, a.approved,
         coalesce(m.square_metres, 0), coalesce(m.square_metres_value, 0),
         coalesce(m.linear_metres, 0), coalesce(m.linear_metres_value, 0),
         coalesce(m.cubic_metres, 0), coalesce(m.cubic_metres_value, 0),
         coalesce(m.items, 0), coalesce(m.items_value, 0),
         coalesce(m.openings, 0), coalesce(m.openings_value, 0)
    FROM productivity_key_days(keys) k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS submitted FROM job_sheets j
       WHERE j.organisation_id = k.o AND j.project_id = k.p
         AND j.submitted_at >= k.t0 AND j.submitted_at < k.t1
         AND coalesce(j.operative_id, '') = k.u
         AND j.status IN ('SUBMITTED', 'APPROVED', 'REJECTED')) s
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS approved FROM job_sheets j
       WHERE j.organisation_id = k.o AND j.project_id = k.p
         AND j.approved_at >= k.t0 AND j.approved_at < k.t1
         AND coalesce(j.operative_id, '') = k.u AND j.status = 'APPROVED') a
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.measure) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'square_metres'), 0) AS square_metres,
             coalesce(sum(x.price) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'square_metres'), 0) AS square_metres_value,
             coalesce(sum(x.measure) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'linear_metres'), 0) AS linear_metres,
             coalesce(sum(x.price) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'linear_metres'), 0) AS linear_metres_value,
             coalesce(sum(x.measure) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'cubic_metres'), 0) AS cubic_metres,
             coalesce(sum(x.price) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'cubic_metres'), 0) AS cubic_metres_value,
             coalesce(sum(x.measure) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'items'), 0) AS items,
             coalesce(sum(x.price) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'items'), 0) AS items_value,
             coalesce(sum(x.measure) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'openings'), 0) AS openings,
             coalesce(sum(x.price) FILTER (WHERE productivity_unit(x.material_input_type_key) = 'openings'), 0) AS openings_value
        FROM job_sheets j
        JOIN job_sheet_materials x ON x.organisation_id = j.organisation_id AND x.job_sheet_id = j.id
       WHERE j.organisation_id = k.o AND j.project_id = k.p
         AND j.submitted_at >= k.t0 AND j.submitted_at < k.t1
         AND coalesce(j.operative_id, '') = k.u
         AND j.status IN ('SUBMITTED', 'APPROVED')) m
  ON CONFLICT (organisation_id, day, user_id, project_id) DO UPDATE SET
    job_sheets_submitted = EXCLUDED.job_sheets_submitted,
    job_sheets_approved = EXCLUDED.job_sheets_approved,
    square_metres = EXCLUDED.square_metres, square_metres_value = EXCLUDED.square_metres_value,
    linear_metres = EXCLUDED.linear_metres, linear_metres_value = EXCLUDED.linear_metres_value,
    cubic_metres = EXCLUDED.cubic_metres, cubic_metres_value = EXCLUDED.cubic_metres_value,
    items = EXCLUDED.items, items_value = EXCLUDED.items_value,
    openings = EXCLUDED.openings, openings_value = EXCLUDED.openings_value;
  PERFORM productivity_drop_empty(keys);
END
$$;

CREATE OR REPLACE FUNCTION productivity_time_changed() RETURNS trigger LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  keys jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', n.organisation_id,
        'u', n.user_id, 'p', coalesce(n.project_id, ''),
        'd', (n.effective_started_at AT TIME ZONE productivity_zone(n.organisation_id))::date))
      FROM new_rows n), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', o.organisation_id,
        'u', o.user_id, 'p', coalesce(o.project_id, ''),
        'd', (o.effective_started_at AT TIME ZONE productivity_zone(o.organisation_id))::date))
      FROM old_rows o), '[]');
  END IF;
  IF jsonb_array_length(keys) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM productivity_lock(keys);
  INSERT INTO productivity_daily AS d (organisation_id, day, user_id, project_id, seconds_worked)
  SELECT k.o, k.d, k.u, k.p, h.seconds
    FROM productivity_key_days(keys) k
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(round(extract(epoch FROM coalesce(t.ended_at_override, t.ended_at)
                                         - t.effective_started_at))), 0)::bigint AS seconds
        FROM time_entries t
       WHERE t.organisation_id = k.o AND t.user_id = k.u
         AND t.effective_started_at >= k.t0 AND t.effective_started_at < k.t1
         AND coalesce(t.project_id, '') = k.p AND t.ended_at IS NOT NULL) h
  ON CONFLICT (organisation_id, day, user_id, project_id) DO UPDATE SET
    seconds_worked = EXCLUDED.seconds_worked;
  PERFORM productivity_drop_empty(keys);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION productivity_locations_changed() RETURNS trigger LANGUAGE plpgsql
SET jit = off AS $$
DECLARE
  keys jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', n.organisation_id,
        'u', coalesce(n.completed_by_user_id, ''), 'p', n.project_id,
        'd', (n.completed_at AT TIME ZONE productivity_zone(n.organisation_id))::date))
      FROM new_rows n WHERE n.completed_at IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', o.organisation_id,
        'u', coalesce(o.completed_by_user_id, ''), 'p', o.project_id,
        'd', (o.completed_at AT TIME ZONE productivity_zone(o.organisation_id))::date))
      FROM old_rows o WHERE o.completed_at IS NOT NULL), '[]');
  END IF;
  IF jsonb_array_length(keys) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM productivity_lock(keys);
  INSERT INTO productivity_daily AS d (organisation_id, day, user_id, project_id, locations_completed)
  SELECT k.o, k.d, k.u, k.p, c.completed
    FROM productivity_key_days(keys) k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS completed FROM locations l
       WHERE l.organisation_id = k.o AND l.project_id = k.p
         AND l.completed_at >= k.t0 AND l.completed_at < k.t1
         AND coalesce(l.completed_by_user_id, '') = k.u) c
  ON CONFLICT (organisation_id, day, user_id, project_id) DO UPDATE SET
    locations_completed = EXCLUDED.locations_completed;
  PERFORM productivity_drop_empty(keys);
  RETURN NULL;
END
$$;

ALTER FUNCTION productivity_materials_changed() SET jit = off;
ALTER FUNCTION productivity_job_sheets_changed() SET jit = off;
