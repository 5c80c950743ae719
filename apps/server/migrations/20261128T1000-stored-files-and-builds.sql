-- Files as platform records (platform/uploads, platform/builds).
--
-- stored_files: every upload of a declared kind (defineUpload): where its bytes are, what they
-- are (type read from the bytes, SHA-256 taken while streaming), who sent it, and its processing
-- state; `derived` names the files its processing made (display copy, thumbnail, rendered pages).
CREATE TABLE stored_files (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  kind text NOT NULL,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  content_type text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('PROCESSING', 'READY', 'FAILED')),
  error text,
  -- {"thumbnail": {"key": …, "content_type": …, "size": …}, …}
  derived jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- what processing learnt (an image's width and height, a PDF's page count)
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX stored_files_kind_idx ON stored_files (organisation_id, kind, created_at);
SELECT enable_tenant_rls('stored_files');

-- A stored file's bytes (and those its processing derived) go once its row is gone.
CREATE FUNCTION stored_file_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_file_removals (organisation_id, key)
  SELECT o.organisation_id, k.key
    FROM removed_files o,
         LATERAL (SELECT o.key
                  UNION ALL
                  SELECT d.value ->> 'key' FROM jsonb_each(o.derived) d) AS k (key)
   WHERE k.key IS NOT NULL;
  PERFORM set_config('app.stored_files_removed', 'true', true);
  RETURN NULL;
END
$$;
CREATE TRIGGER stored_files_removed
  AFTER DELETE ON stored_files REFERENCING OLD TABLE AS removed_files
  FOR EACH STATEMENT EXECUTE FUNCTION stored_file_rows_removed();

-- A job sheet photo's upload record goes with the photo (its files already go by its own trigger).
ALTER TABLE job_sheet_photos ADD COLUMN stored_file_id text;
ALTER TABLE job_sheet_photos ADD FOREIGN KEY (organisation_id, stored_file_id)
  REFERENCES stored_files (organisation_id, id) ON DELETE SET NULL (stored_file_id);
CREATE INDEX job_sheet_photos_stored_file_idx ON job_sheet_photos (stored_file_id);

CREATE FUNCTION job_sheet_photo_uploads_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files f USING removed_photos o
   WHERE f.organisation_id = o.organisation_id AND f.id = o.stored_file_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER job_sheet_photos_uploads_removed
  AFTER DELETE ON job_sheet_photos REFERENCING OLD TABLE AS removed_photos
  FOR EACH STATEMENT EXECUTE FUNCTION job_sheet_photo_uploads_removed();

-- builds: files the product writes in the background (defineBuild): exports and reports. A row
-- per build: who asked, what, with which options, its progress task, its times and failure, the
-- file once written and when it expires (field-work §3 Report).
CREATE TABLE builds (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  kind text NOT NULL,
  name text NOT NULL,
  description text,
  download_name text NOT NULL,
  format text NOT NULL,
  job_path text,
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  task_id text,
  status text NOT NULL DEFAULT 'QUEUED'
    CHECK (status IN ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')),
  started_at timestamptz,
  completed_at timestamptz,
  failed_at timestamptz,
  exception text,
  retries integer NOT NULL DEFAULT 0,
  expires_at timestamptz,
  file_key text,
  file_size bigint,
  content_type text,
  -- who is e-mailed the link when it is ready (the requester when asked, and others they typed)
  notify_emails text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX builds_user_idx ON builds (organisation_id, user_id, created_at DESC);
SELECT enable_tenant_rls('builds');

-- A deleted build's file goes with it.
CREATE FUNCTION build_files_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_file_removals (organisation_id, key)
  SELECT o.organisation_id, o.file_key FROM removed_builds o WHERE o.file_key IS NOT NULL;
  PERFORM set_config('app.stored_files_removed', 'true', true);
  RETURN NULL;
END
$$;
CREATE TRIGGER builds_files_removed
  AFTER DELETE ON builds REFERENCING OLD TABLE AS removed_builds
  FOR EACH STATEMENT EXECUTE FUNCTION build_files_removed();
