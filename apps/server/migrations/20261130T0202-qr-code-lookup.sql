-- GET /qr_codes/{id} is public (a label scanned by anyone): it may learn only what routes the
-- scanner, never another organisation's data. This function answers exactly that for one code.
CREATE FUNCTION qr_code_route(wanted text) RETURNS TABLE (code text, organisation_id text, location_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT q.code, q.organisation_id,
           (SELECT l.id FROM locations l WHERE l.organisation_id = q.organisation_id AND l.qr_code_id = q.id)
      FROM qr_codes q
      JOIN qr_code_batches b ON b.organisation_id = q.organisation_id AND b.id = q.batch_id
     WHERE q.code = upper(wanted) AND b.generated_at IS NOT NULL
  $$;
REVOKE EXECUTE ON FUNCTION qr_code_route(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION qr_code_route(text) TO fieldwork_app;

CREATE INDEX qr_code_batches_month_idx ON qr_code_batches (organisation_id, created_at);
