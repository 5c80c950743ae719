-- A form is in use when a project or a job uses it (forms.in_use). Jobs name their forms in
-- form_ids; the GIN index answers "which jobs use this form" without reading every job. Under
-- row-level security the API's role may not use @> (not LEAKPROOF) as an index condition, so the
-- check runs as the function's owner, scoped to the request's organisation like search_projects.
CREATE INDEX jobs_form_ids_idx ON jobs USING gin (form_ids);

CREATE FUNCTION form_job_count(form_id text) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT count(*)::int FROM jobs j
     WHERE j.organisation_id = current_setting('app.organisation_id', true)
       AND j.form_ids @> ARRAY[form_id]
$$;
GRANT EXECUTE ON FUNCTION form_job_count(text) TO fieldwork_app;
