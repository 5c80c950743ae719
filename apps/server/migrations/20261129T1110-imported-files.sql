-- Imported files (field-work §3 Imported file; issue 23): every CSV import that committed keeps
-- its uploaded file and writes a record of who imported what and when. `collection_name` names
-- what the rows became (sites, levels, jobs), `document_id` the record they were imported into
-- when there is one (a site's structure: the site), `type` the import kind (SITES_CSV, …).
CREATE TABLE imported_files (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  collection_name text NOT NULL,
  document_id text,
  type text NOT NULL,
  name text NOT NULL,
  file_key text NOT NULL,
  file_size bigint NOT NULL CHECK (file_size >= 0),
  content_type text NOT NULL,
  created_count integer NOT NULL,
  -- the background task of a queued import (null for one imported in its request)
  task_id text,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imported_files_organisation_idx ON imported_files (organisation_id, created_at DESC);
SELECT enable_tenant_rls('imported_files');

-- A deleted record's file goes with it, once the delete commits (never the imported rows).
CREATE FUNCTION imported_files_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_file_removals (organisation_id, key)
  SELECT o.organisation_id, o.file_key FROM removed_imported_files o;
  PERFORM set_config('app.stored_files_removed', 'true', true);
  RETURN NULL;
END
$$;
CREATE TRIGGER imported_files_files_removed
  AFTER DELETE ON imported_files REFERENCING OLD TABLE AS removed_imported_files
  FOR EACH STATEMENT EXECUTE FUNCTION imported_files_removed();
