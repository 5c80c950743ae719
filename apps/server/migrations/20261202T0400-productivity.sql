-- Productivity (field-work §7 GET /productivity; docs/productivity.md): per member, project and
-- day, the job sheets submitted and approved, the locations completed, the hours worked and the
-- materials installed. Answered from a daily rollup kept exact by statement-level triggers on
-- the tables it counts; each trigger recomputes the rollup's keys its statement touched (never
-- adds deltas), so updates, deletes, cascades and float sums cannot drift.

-- 1. When a location was completed, and by whom ------------------------------------------------
-- A location is completed when its status's type is COMPLETED. Nothing recorded that moment, so
-- it is kept here: set when the location takes a COMPLETED status from one that was not (kept
-- when it moves between two COMPLETED statuses), cleared when it leaves them. The member is the
-- operative of the job sheet whose status automation completed it, else the person who set it.
ALTER TABLE locations
  ADD COLUMN completed_at timestamptz,
  ADD COLUMN completed_by_user_id text REFERENCES users (id) ON DELETE SET NULL;

CREATE FUNCTION location_completion() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  done boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status_id IS NOT DISTINCT FROM OLD.status_id THEN
    RETURN NEW;
  END IF;
  SELECT s.type = 'COMPLETED' INTO done FROM location_statuses s
   WHERE s.organisation_id = NEW.organisation_id AND s.id = NEW.status_id;
  IF coalesce(done, false) THEN
    IF TG_OP = 'INSERT' OR OLD.completed_at IS NULL THEN
      NEW.completed_at := now();
      NEW.completed_by_user_id := coalesce(
        nullif(current_setting('app.completing_user_id', true), ''),
        nullif(current_setting('app.user_id', true), ''));
    END IF;
  ELSE
    NEW.completed_at := NULL;
    NEW.completed_by_user_id := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER locations_completion
  BEFORE INSERT OR UPDATE OF status_id ON locations
  FOR EACH ROW EXECUTE FUNCTION location_completion();

-- The sheet's automation names its operative as the one completing the location.
CREATE OR REPLACE FUNCTION job_sheet_moves_location_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.location_id IS NOT NULL AND NEW.location_status_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.location_status_id IS DISTINCT FROM OLD.location_status_id
          OR NEW.location_id IS DISTINCT FROM OLD.location_id) THEN
    PERFORM set_config('app.completing_user_id', coalesce(NEW.operative_id, ''), true);
    UPDATE locations SET status_id = NEW.location_status_id, updated_at = now()
     WHERE organisation_id = NEW.organisation_id AND id = NEW.location_id
       AND status_id IS DISTINCT FROM NEW.location_status_id
       AND EXISTS (SELECT 1 FROM location_statuses s WHERE s.organisation_id = NEW.organisation_id
                     AND s.id = NEW.location_status_id AND s.project_id = locations.project_id);
    PERFORM set_config('app.completing_user_id', '', true);
  END IF;
  RETURN NULL;
END
$$;

-- Locations already completed count from their last change (the best moment known).
UPDATE locations l SET completed_at = l.updated_at
  FROM location_statuses s
 WHERE s.organisation_id = l.organisation_id AND s.id = l.status_id AND s.type = 'COMPLETED';
CREATE INDEX locations_completed_idx ON locations (organisation_id, completed_at)
  WHERE completed_at IS NOT NULL;

-- 2. The day a moment falls on, in the organisation's time zone ---------------------------------
CREATE FUNCTION productivity_zone(org text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  zone text;
BEGIN
  SELECT nullif(o.options->>'timezone', '') INTO zone FROM organisations o WHERE o.id = org;
  IF zone IS NULL THEN
    RETURN 'UTC';
  END IF;
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END
$$;

-- 3. The rollup ---------------------------------------------------------------------------------
-- '' stands for "no member" (a sheet without operative, a location completed by nobody known)
-- and "no project" (time not booked to a project), so keys stay a primary key.
-- Materials: the charged measure (job_sheet_materials.measure, in the input type's
-- min_measure_unit) and the value (job_sheet_materials.price, the first rate group's price in
-- minor units), both as the materials module's pricing wrote them, summed per unit.
CREATE TABLE productivity_daily (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  day date NOT NULL,
  user_id text NOT NULL,
  project_id text NOT NULL,
  job_sheets_submitted integer NOT NULL DEFAULT 0,
  job_sheets_approved integer NOT NULL DEFAULT 0,
  locations_completed integer NOT NULL DEFAULT 0,
  seconds_worked bigint NOT NULL DEFAULT 0,
  square_metres double precision NOT NULL DEFAULT 0,
  square_metres_value bigint NOT NULL DEFAULT 0,
  linear_metres double precision NOT NULL DEFAULT 0,
  linear_metres_value bigint NOT NULL DEFAULT 0,
  cubic_metres double precision NOT NULL DEFAULT 0,
  cubic_metres_value bigint NOT NULL DEFAULT 0,
  items double precision NOT NULL DEFAULT 0,
  items_value bigint NOT NULL DEFAULT 0,
  openings double precision NOT NULL DEFAULT 0,
  openings_value bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organisation_id, day, user_id, project_id)
);
CREATE INDEX productivity_daily_user_idx ON productivity_daily (organisation_id, user_id, day);
CREATE INDEX productivity_daily_project_idx ON productivity_daily (organisation_id, project_id, day);
SELECT enable_tenant_rls('productivity_daily');

-- Two transactions recomputing the same key at once would each count without the other's rows
-- (READ COMMITTED) and the later write would win: a recomputation first takes a transaction lock
-- on each of its keys (in order), and its next statement, taking a fresh snapshot, sees every
-- change committed before the lock was granted. A statement touching many keys (a bulk insert,
-- a rebuild) takes one exclusive lock on the organisation instead, which the per-key ones wait
-- for through a shared lock on it (locks are a bounded shared resource).
CREATE FUNCTION productivity_lock(keys jsonb, kind integer DEFAULT 27027) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(keys) > 64 THEN
    PERFORM pg_advisory_xact_lock(kind + 100, hashtext(o))
       FROM (SELECT DISTINCT r.o FROM jsonb_to_recordset(keys) AS r (o text) ORDER BY 1) orgs;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(kind + 100, hashtext(o))
     FROM (SELECT DISTINCT r.o FROM jsonb_to_recordset(keys) AS r (o text) ORDER BY 1) orgs;
  PERFORM pg_advisory_xact_lock(kind, hashtext(k))
     FROM (SELECT DISTINCT r.o || '/' || r.u || '/' || r.p || '/' || r.d AS k
             FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d text) ORDER BY 1) keyed;
END
$$;

-- Months of the rollup, for answers over months, quarters and years: the daily rows of each
-- (organisation, month, member, project) summed, recomputed by a statement-level trigger on
-- productivity_daily for exactly the months its statement touched.
CREATE TABLE productivity_monthly (LIKE productivity_daily INCLUDING DEFAULTS);
ALTER TABLE productivity_monthly
  ADD PRIMARY KEY (organisation_id, day, user_id, project_id),
  ADD FOREIGN KEY (organisation_id) REFERENCES organisations (id) ON DELETE CASCADE;
COMMENT ON COLUMN productivity_monthly.day IS 'The first day of the month';
SELECT enable_tenant_rls('productivity_monthly');

CREATE FUNCTION productivity_monthly_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- one index probe per key (a join let the planner scan the whole daily table)
  INSERT INTO productivity_monthly
  SELECT k.o, k.d, k.u, k.p, s.*
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date)) k
    CROSS JOIN LATERAL (
      SELECT sum(d.job_sheets_submitted), sum(d.job_sheets_approved), sum(d.locations_completed),
             sum(d.seconds_worked), sum(d.square_metres), sum(d.square_metres_value),
             sum(d.linear_metres), sum(d.linear_metres_value), sum(d.cubic_metres),
             sum(d.cubic_metres_value), sum(d.items), sum(d.items_value), sum(d.openings),
             sum(d.openings_value)
        FROM productivity_daily d
       WHERE d.organisation_id = k.o AND d.user_id = k.u AND d.project_id = k.p
         AND d.day >= k.d AND d.day < (k.d + interval '1 month')::date
      HAVING count(*) > 0) s;
  RETURN NULL;
END
$$;
CREATE TRIGGER productivity_daily_inserted AFTER INSERT ON productivity_daily
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_monthly_refresh();
CREATE TRIGGER productivity_daily_updated AFTER UPDATE ON productivity_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_monthly_refresh();
CREATE TRIGGER productivity_daily_deleted AFTER DELETE ON productivity_daily
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_monthly_refresh();

-- The measure unit of each input type (MATERIAL_INPUT_TYPES[key].min_measure_unit in the
-- contract; a test holds the two together).
CREATE FUNCTION productivity_unit(input_type text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE input_type
    WHEN 'SQUARE_METRES' THEN 'square_metres'
    WHEN 'SQUARE_METRES_ALL_SIDES' THEN 'square_metres'
    WHEN 'SQUARE_METRES_FOUR_SIDES' THEN 'square_metres'
    WHEN 'LINEAR_METRES' THEN 'linear_metres'
    WHEN 'LINEAR_METRES_AND_JOINT_SIZE' THEN 'linear_metres'
    WHEN 'LENGTH_AND_DIAMETER' THEN 'linear_metres'
    WHEN 'CUBIC_METRES' THEN 'cubic_metres'
    WHEN 'QUANTITY' THEN 'items'
    WHEN 'QUANTITY_AND_DIAMETER' THEN 'items'
    WHEN 'AVERAGE_SIDE' THEN 'openings'
  END
$$;

-- Indexes the recomputation of one key walks.
CREATE INDEX job_sheets_productivity_submitted_idx
  ON job_sheets (organisation_id, (coalesce(operative_id, '')), project_id, submitted_at)
  WHERE submitted_at IS NOT NULL;
CREATE INDEX job_sheets_productivity_approved_idx
  ON job_sheets (organisation_id, (coalesce(operative_id, '')), project_id, approved_at)
  WHERE approved_at IS NOT NULL;

-- The rollup computed directly from the tables it counts: what the backfill writes and what the
-- tests compare the trigger-kept rollup with. Which records count:
--   submitted: sheets SUBMITTED, APPROVED or REJECTED, on the day of submitted_at;
--   approved: sheets APPROVED, on the day of approved_at;
--   materials: of sheets SUBMITTED or APPROVED, on the day of the sheet's submitted_at;
--   locations: completed_at's day, by completed_by_user_id;
--   hours: ended time entries, the whole effective duration on the day of the effective start.
CREATE VIEW productivity_daily_live AS
WITH zones AS (SELECT o.id, productivity_zone(o.id) AS zone FROM organisations o),
facts AS (
  SELECT j.organisation_id, (j.submitted_at AT TIME ZONE z.zone)::date AS day,
         coalesce(j.operative_id, '') AS user_id, j.project_id,
         1 AS submitted, 0 AS approved, 0 AS completed, 0::bigint AS seconds,
         NULL::text AS unit, 0::float8 AS measure, 0::bigint AS value
    FROM job_sheets j JOIN zones z ON z.id = j.organisation_id
   WHERE j.submitted_at IS NOT NULL AND j.status IN ('SUBMITTED', 'APPROVED', 'REJECTED')
  UNION ALL
  SELECT j.organisation_id, (j.approved_at AT TIME ZONE z.zone)::date, coalesce(j.operative_id, ''),
         j.project_id, 0, 1, 0, 0, NULL, 0, 0
    FROM job_sheets j JOIN zones z ON z.id = j.organisation_id
   WHERE j.approved_at IS NOT NULL AND j.status = 'APPROVED'
  UNION ALL
  SELECT j.organisation_id, (j.submitted_at AT TIME ZONE z.zone)::date, coalesce(j.operative_id, ''),
         j.project_id, 0, 0, 0, 0, productivity_unit(x.material_input_type_key),
         coalesce(x.measure, 0), coalesce(x.price, 0)
    FROM job_sheet_materials x
    JOIN job_sheets j ON j.organisation_id = x.organisation_id AND j.id = x.job_sheet_id
    JOIN zones z ON z.id = j.organisation_id
   WHERE j.submitted_at IS NOT NULL AND j.status IN ('SUBMITTED', 'APPROVED')
  UNION ALL
  SELECT l.organisation_id, (l.completed_at AT TIME ZONE z.zone)::date,
         coalesce(l.completed_by_user_id, ''), l.project_id, 0, 0, 1, 0, NULL, 0, 0
    FROM locations l JOIN zones z ON z.id = l.organisation_id
   WHERE l.completed_at IS NOT NULL
  UNION ALL
  SELECT t.organisation_id,
         (coalesce(t.started_at_override, t.started_at) AT TIME ZONE z.zone)::date, t.user_id,
         coalesce(t.project_id, ''), 0, 0, 0,
         round(extract(epoch FROM coalesce(t.ended_at_override, t.ended_at)
                                - coalesce(t.started_at_override, t.started_at)))::bigint,
         NULL, 0, 0
    FROM time_entries t JOIN zones z ON z.id = t.organisation_id
   WHERE t.ended_at IS NOT NULL
)
SELECT organisation_id, day, user_id, project_id,
       sum(submitted)::int AS job_sheets_submitted, sum(approved)::int AS job_sheets_approved,
       sum(completed)::int AS locations_completed, sum(seconds)::bigint AS seconds_worked,
       coalesce(sum(measure) FILTER (WHERE unit = 'square_metres'), 0) AS square_metres,
       coalesce(sum(value) FILTER (WHERE unit = 'square_metres'), 0)::bigint AS square_metres_value,
       coalesce(sum(measure) FILTER (WHERE unit = 'linear_metres'), 0) AS linear_metres,
       coalesce(sum(value) FILTER (WHERE unit = 'linear_metres'), 0)::bigint AS linear_metres_value,
       coalesce(sum(measure) FILTER (WHERE unit = 'cubic_metres'), 0) AS cubic_metres,
       coalesce(sum(value) FILTER (WHERE unit = 'cubic_metres'), 0)::bigint AS cubic_metres_value,
       coalesce(sum(measure) FILTER (WHERE unit = 'items'), 0) AS items,
       coalesce(sum(value) FILTER (WHERE unit = 'items'), 0)::bigint AS items_value,
       coalesce(sum(measure) FILTER (WHERE unit = 'openings'), 0) AS openings,
       coalesce(sum(value) FILTER (WHERE unit = 'openings'), 0)::bigint AS openings_value
  FROM facts
 GROUP BY organisation_id, day, user_id, project_id;

-- A request that changes its organisation's time zone rebuilds the rollup through this view.
GRANT SELECT ON productivity_daily_live TO fieldwork_app;

-- Rebuilds one organisation's rollup from the tables (its time zone changed; the backfill).
CREATE FUNCTION productivity_rebuild(org text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM productivity_daily WHERE organisation_id = org;
  INSERT INTO productivity_daily SELECT * FROM productivity_daily_live WHERE organisation_id = org;
$$;

-- 4. Keeping it exact ------------------------------------------------------------------------
-- Each trigger gathers the keys (organisation, member, project, day) its statement's old and new
-- rows fall on, recomputes its own figures for exactly those keys from the table as it now is,
-- and drops rows left with nothing. A key of an organisation being deleted is skipped.

CREATE FUNCTION productivity_drop_empty(keys jsonb) RETURNS void LANGUAGE sql AS $$
  DELETE FROM productivity_daily d
   USING jsonb_to_recordset(keys) AS k (o text, u text, p text, d date)
   WHERE d.organisation_id = k.o AND d.day = k.d AND d.user_id = k.u AND d.project_id = k.p
     AND d.job_sheets_submitted = 0 AND d.job_sheets_approved = 0 AND d.locations_completed = 0
     AND d.seconds_worked = 0 AND d.square_metres = 0 AND d.square_metres_value = 0
     AND d.linear_metres = 0 AND d.linear_metres_value = 0 AND d.cubic_metres = 0
     AND d.cubic_metres_value = 0 AND d.items = 0 AND d.items_value = 0 AND d.openings = 0
     AND d.openings_value = 0;
$$;

-- Sheets' figures (submitted, approved, materials) for the given keys.
CREATE FUNCTION productivity_refresh_sheets(keys jsonb) RETURNS void LANGUAGE plpgsql AS $$
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
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date)) k
    JOIN organisations org ON org.id = k.o
    CROSS JOIN LATERAL (SELECT productivity_zone(k.o) AS zone) z
    CROSS JOIN LATERAL (SELECT k.d::timestamp AT TIME ZONE z.zone AS t0,
                               (k.d + 1)::timestamp AT TIME ZONE z.zone AS t1) w
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS submitted FROM job_sheets j
       WHERE j.organisation_id = k.o AND coalesce(j.operative_id, '') = k.u AND j.project_id = k.p
         AND j.submitted_at >= w.t0 AND j.submitted_at < w.t1
         AND j.status IN ('SUBMITTED', 'APPROVED', 'REJECTED')) s
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS approved FROM job_sheets j
       WHERE j.organisation_id = k.o AND coalesce(j.operative_id, '') = k.u AND j.project_id = k.p
         AND j.approved_at >= w.t0 AND j.approved_at < w.t1 AND j.status = 'APPROVED') a
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
       WHERE j.organisation_id = k.o AND coalesce(j.operative_id, '') = k.u AND j.project_id = k.p
         AND j.submitted_at >= w.t0 AND j.submitted_at < w.t1
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

-- The keys a set of sheets falls on (its submission and approval days).
CREATE FUNCTION productivity_sheet_keys(sheets jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('o', s.organisation_id, 'u', s.u,
                                                        'p', s.project_id, 'd', s.d)), '[]')
    FROM (
      SELECT r.organisation_id, coalesce(r.operative_id, '') AS u, r.project_id,
             (r.submitted_at AT TIME ZONE productivity_zone(r.organisation_id))::date AS d
        FROM jsonb_to_recordset(sheets) AS r (organisation_id text, operative_id text,
                                              project_id text, submitted_at timestamptz,
                                              approved_at timestamptz)
       WHERE r.submitted_at IS NOT NULL
      UNION
      SELECT r.organisation_id, coalesce(r.operative_id, ''), r.project_id,
             (r.approved_at AT TIME ZONE productivity_zone(r.organisation_id))::date
        FROM jsonb_to_recordset(sheets) AS r (organisation_id text, operative_id text,
                                              project_id text, submitted_at timestamptz,
                                              approved_at timestamptz)
       WHERE r.approved_at IS NOT NULL
    ) s
$$;

CREATE FUNCTION productivity_job_sheets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sheets jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    sheets := sheets || coalesce((SELECT jsonb_agg(jsonb_build_object(
        'organisation_id', n.organisation_id, 'operative_id', n.operative_id,
        'project_id', n.project_id, 'submitted_at', n.submitted_at, 'approved_at', n.approved_at))
      FROM new_rows n WHERE n.submitted_at IS NOT NULL OR n.approved_at IS NOT NULL), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    sheets := sheets || coalesce((SELECT jsonb_agg(jsonb_build_object(
        'organisation_id', o.organisation_id, 'operative_id', o.operative_id,
        'project_id', o.project_id, 'submitted_at', o.submitted_at, 'approved_at', o.approved_at))
      FROM old_rows o WHERE o.submitted_at IS NOT NULL OR o.approved_at IS NOT NULL), '[]');
  END IF;
  IF jsonb_array_length(sheets) > 0 THEN
    PERFORM productivity_refresh_sheets(productivity_sheet_keys(sheets));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER job_sheets_productivity_inserted AFTER INSERT ON job_sheets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_job_sheets_changed();
CREATE TRIGGER job_sheets_productivity_updated AFTER UPDATE ON job_sheets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_job_sheets_changed();
CREATE TRIGGER job_sheets_productivity_deleted AFTER DELETE ON job_sheets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_job_sheets_changed();

-- A sheet's materials: the keys of their sheets (a sheet already gone is its own trigger's).
CREATE FUNCTION productivity_materials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sheet_ids text[] := '{}';
  sheets jsonb;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    sheet_ids := sheet_ids || ARRAY(SELECT DISTINCT n.job_sheet_id FROM new_rows n);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    sheet_ids := sheet_ids || ARRAY(SELECT DISTINCT o.job_sheet_id FROM old_rows o);
  END IF;
  SELECT jsonb_agg(jsonb_build_object(
      'organisation_id', j.organisation_id, 'operative_id', j.operative_id,
      'project_id', j.project_id, 'submitted_at', j.submitted_at, 'approved_at', NULL))
    INTO sheets
    FROM job_sheets j
   WHERE j.id = ANY (sheet_ids) AND j.submitted_at IS NOT NULL;
  IF sheets IS NOT NULL THEN
    PERFORM productivity_refresh_sheets(productivity_sheet_keys(sheets));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER job_sheet_materials_productivity_inserted AFTER INSERT ON job_sheet_materials
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_materials_changed();
CREATE TRIGGER job_sheet_materials_productivity_updated AFTER UPDATE ON job_sheet_materials
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_materials_changed();
CREATE TRIGGER job_sheet_materials_productivity_deleted AFTER DELETE ON job_sheet_materials
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_materials_changed();

-- Time entries: hours for the keys of the changed entries' effective start days.
CREATE FUNCTION productivity_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys jsonb := '[]';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', n.organisation_id,
        'u', n.user_id, 'p', coalesce(n.project_id, ''),
        'd', (coalesce(n.started_at_override, n.started_at)
                AT TIME ZONE productivity_zone(n.organisation_id))::date))
      FROM new_rows n), '[]');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || coalesce((SELECT jsonb_agg(jsonb_build_object('o', o.organisation_id,
        'u', o.user_id, 'p', coalesce(o.project_id, ''),
        'd', (coalesce(o.started_at_override, o.started_at)
                AT TIME ZONE productivity_zone(o.organisation_id))::date))
      FROM old_rows o), '[]');
  END IF;
  IF jsonb_array_length(keys) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM productivity_lock(keys);
  INSERT INTO productivity_daily AS d (organisation_id, day, user_id, project_id, seconds_worked)
  SELECT k.o, k.d, k.u, k.p, h.seconds
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date)) k
    JOIN organisations org ON org.id = k.o
    CROSS JOIN LATERAL (SELECT productivity_zone(k.o) AS zone) z
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(round(extract(epoch FROM coalesce(t.ended_at_override, t.ended_at)
                                         - coalesce(t.started_at_override, t.started_at)))), 0)::bigint AS seconds
        FROM time_entries t
       WHERE t.organisation_id = k.o AND t.user_id = k.u AND coalesce(t.project_id, '') = k.p
         AND coalesce(t.started_at_override, t.started_at) >= k.d::timestamp AT TIME ZONE z.zone
         AND coalesce(t.started_at_override, t.started_at) < (k.d + 1)::timestamp AT TIME ZONE z.zone
         AND t.ended_at IS NOT NULL) h
  ON CONFLICT (organisation_id, day, user_id, project_id) DO UPDATE SET
    seconds_worked = EXCLUDED.seconds_worked;
  PERFORM productivity_drop_empty(keys);
  RETURN NULL;
END
$$;
CREATE TRIGGER time_entries_productivity_inserted AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_time_changed();
CREATE TRIGGER time_entries_productivity_updated AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_time_changed();
CREATE TRIGGER time_entries_productivity_deleted AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_time_changed();

-- Locations: completions for the keys of the changed locations' completion days.
CREATE FUNCTION productivity_locations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(keys) AS r (o text, u text, p text, d date)) k
    JOIN organisations org ON org.id = k.o
    CROSS JOIN LATERAL (SELECT productivity_zone(k.o) AS zone) z
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS completed FROM locations l
       WHERE l.organisation_id = k.o AND coalesce(l.completed_by_user_id, '') = k.u
         AND l.project_id = k.p
         AND l.completed_at >= k.d::timestamp AT TIME ZONE z.zone
         AND l.completed_at < (k.d + 1)::timestamp AT TIME ZONE z.zone) c
  ON CONFLICT (organisation_id, day, user_id, project_id) DO UPDATE SET
    locations_completed = EXCLUDED.locations_completed;
  PERFORM productivity_drop_empty(keys);
  RETURN NULL;
END
$$;
CREATE TRIGGER locations_productivity_inserted AFTER INSERT ON locations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_locations_changed();
CREATE TRIGGER locations_productivity_updated AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_locations_changed();
CREATE TRIGGER locations_productivity_deleted AFTER DELETE ON locations
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION productivity_locations_changed();

-- An organisation whose time zone changes has its days re-cut.
CREATE FUNCTION productivity_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.options->>'timezone' IS DISTINCT FROM OLD.options->>'timezone' THEN
    PERFORM productivity_rebuild(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER organisations_productivity_zone
  AFTER UPDATE OF options ON organisations
  FOR EACH ROW EXECUTE FUNCTION productivity_zone_changed();

-- 5. Backfill --------------------------------------------------------------------------------
INSERT INTO productivity_daily SELECT * FROM productivity_daily_live;
