-- Timesheets (docs/timesheets.md): the organisation's time zone as PostgreSQL knows it, so a
-- period given in days (filter[from]=2026-12-07) starts at midnight where the organisation works.
-- An unknown or missing zone is UTC. STABLE: evaluated once per statement for an index bound.
CREATE FUNCTION organisation_time_zone(organisation text) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT tz.name FROM pg_timezone_names tz
      WHERE tz.name = NULLIF(o.options->>'timezone', '') LIMIT 1),
    'UTC')
    FROM organisations o WHERE o.id = organisation
$$;
