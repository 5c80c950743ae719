-- Stored files whose rows are gone (sheets-server): the keys a deleted job sheet photo or a
-- deleted, replaced or cleared signature leaves in storage, written by triggers in the deleting
-- transaction (so a rolled-back delete leaves none, and cascades — a job's sheets, a sheet's
-- photos — are caught whichever statement started them). The remove-stored-files queue job
-- removes the files and then the rows; a crashed run leaves the rows and is retried. The
-- transaction-local setting app.stored_files_removed tells the request that it left some.
CREATE TABLE stored_file_removals (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  organisation_id text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_file_removals_organisation_idx ON stored_file_removals (organisation_id, created_at);

-- UPDATE only for SELECT … FOR UPDATE: two runs never remove the same chunk at once.
SELECT enable_tenant_rls('stored_file_removals');

CREATE FUNCTION job_sheet_photo_files_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_file_removals (organisation_id, key)
  SELECT o.organisation_id, k.key
    FROM removed_photos o,
         LATERAL unnest(ARRAY[o.original_key, o.thumbnail_key, o.display_key]) AS k (key)
   WHERE k.key IS NOT NULL;
  PERFORM set_config('app.stored_files_removed', 'true', true);
  RETURN NULL;
END
$$;

CREATE TRIGGER job_sheet_photos_files_removed
  AFTER DELETE ON job_sheet_photos REFERENCING OLD TABLE AS removed_photos
  FOR EACH STATEMENT EXECUTE FUNCTION job_sheet_photo_files_removed();

-- A signature's file goes when its answer row goes or its stored key changes (a new signature
-- replaced it, or the answer was cleared).
CREATE FUNCTION job_sheet_signature_files_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stored_file_removals (organisation_id, key)
    SELECT o.organisation_id, o.value_signature ->> 'key' FROM old_values o
     WHERE o.value_signature ->> 'key' IS NOT NULL;
  ELSE
    INSERT INTO stored_file_removals (organisation_id, key)
    SELECT o.organisation_id, o.value_signature ->> 'key'
      FROM old_values o JOIN new_values n ON n.id = o.id
     WHERE o.value_signature ->> 'key' IS NOT NULL
       AND (n.value_signature ->> 'key') IS DISTINCT FROM (o.value_signature ->> 'key');
  END IF;
  PERFORM set_config('app.stored_files_removed', 'true', true);
  RETURN NULL;
END
$$;

CREATE TRIGGER job_sheet_field_values_signatures_deleted
  AFTER DELETE ON job_sheet_field_values REFERENCING OLD TABLE AS old_values
  FOR EACH STATEMENT EXECUTE FUNCTION job_sheet_signature_files_removed();
CREATE TRIGGER job_sheet_field_values_signatures_updated
  AFTER UPDATE ON job_sheet_field_values
  REFERENCING OLD TABLE AS old_values NEW TABLE AS new_values
  FOR EACH STATEMENT EXECUTE FUNCTION job_sheet_signature_files_removed();
