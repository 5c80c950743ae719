-- The managers' daily digest (issue 22, item 12): one e-mail per manager, organisation and day,
-- summing up the day before. A row is written when a digest is made, sent or not (`sent_at` NULL
-- when nothing happened), so a job run twice, or by two processes, tells no one twice.
CREATE TABLE daily_digests (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the day summed up, in the organisation's time zone
  day date NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, user_id, day)
);
SELECT enable_tenant_rls('daily_digests');

-- Who gets a digest now: the active managers and admins who chose it, of the organisations whose
-- local hour (their time zone, UTC when unset or unknown) is `local_hour`, with the local day
-- before, unless already made. Across organisations, so SECURITY DEFINER: it answers ids only,
-- and the hourly job then works in each organisation's own scope.
CREATE FUNCTION daily_digest_recipients(local_hour integer)
  RETURNS TABLE (organisation_id text, user_id text, day date)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.organisation_id, m.user_id, (now() AT TIME ZONE z.zone)::date - 1
    FROM memberships m
    JOIN organisations o ON o.id = m.organisation_id
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT tz.name FROM pg_timezone_names tz
                        WHERE tz.name = nullif(o.options->>'timezone', '') LIMIT 1), 'UTC') AS zone
    ) z
   WHERE m.active AND m.deleted_at IS NULL AND m.role IN ('MANAGER', 'ADMIN')
     AND m.preferences->>'daily_digest' = 'true'
     AND extract(hour FROM now() AT TIME ZONE z.zone) = local_hour
     AND NOT EXISTS (SELECT 1 FROM daily_digests d
                      WHERE d.organisation_id = m.organisation_id AND d.user_id = m.user_id
                        AND d.day = (now() AT TIME ZONE z.zone)::date - 1)
$$;
REVOKE ALL ON FUNCTION daily_digest_recipients(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION daily_digest_recipients(integer) TO fieldwork_app;
