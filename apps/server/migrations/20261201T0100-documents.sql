-- Documents (field-work §3): a project's `document_folders` grow into a tree of folders and
-- files. One table, one folder model: a row is a folder (is_folder) or a file (stored_file_id),
-- under its parent folder (folder_id, null at the project's root). Templates keep folders only.
ALTER TABLE document_folders
  ADD COLUMN folder_id text,
  ADD COLUMN is_folder boolean NOT NULL DEFAULT true,
  ADD COLUMN stored_file_id text,
  ADD COLUMN created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT document_folders_org_id_key UNIQUE (organisation_id, id),
  ADD CONSTRAINT document_folders_parent_fk FOREIGN KEY (organisation_id, folder_id)
    REFERENCES document_folders (organisation_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT document_folders_file_fk FOREIGN KEY (organisation_id, stored_file_id)
    REFERENCES stored_files (organisation_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT document_folders_file_or_folder
    CHECK (is_folder = (stored_file_id IS NULL)),
  ADD CONSTRAINT document_folders_files_in_projects
    CHECK (is_folder OR project_id IS NOT NULL);

CREATE INDEX document_folders_children_idx
  ON document_folders (organisation_id, project_id, folder_id, is_folder DESC, name, id);
CREATE INDEX document_folders_parent_idx ON document_folders (organisation_id, folder_id)
  WHERE folder_id IS NOT NULL;

-- A file's stored bytes go with its row (the stored-file trigger removes them after commit).
CREATE FUNCTION document_file_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files s USING removed r
   WHERE s.organisation_id = r.organisation_id AND s.id = r.stored_file_id
     -- a document converted to signed shares its file with the signed document
     AND NOT EXISTS (SELECT 1 FROM signed_documents o
                      WHERE o.organisation_id = s.organisation_id AND o.stored_file_id = s.id);
  RETURN NULL;
END $$;
CREATE TRIGGER document_file_rows_removed AFTER DELETE ON document_folders
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION document_file_rows_removed();

-- Signed documents (field-work §3): a PDF members must read and sign.
CREATE TABLE signed_documents (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  folder_id text,
  name text NOT NULL,
  reference text,
  prevent_job_sheets boolean NOT NULL DEFAULT false,
  is_automatic boolean NOT NULL DEFAULT false,
  is_mandatory boolean NOT NULL DEFAULT false,
  stored_file_id text NOT NULL,
  document_id text,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  published_at timestamptz,
  status text NOT NULL DEFAULT 'INACTIVE' CHECK (status IN ('INACTIVE', 'ACTIVE')),
  last_requested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, stored_file_id) REFERENCES stored_files (organisation_id, id)
);
CREATE INDEX signed_documents_project_idx ON signed_documents (organisation_id, project_id, created_at);
SELECT enable_tenant_rls('signed_documents');

CREATE TABLE signed_document_members (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  signed_document_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the teams through which the member was added (empty when added by name)
  team_ids text[] NOT NULL DEFAULT '{}',
  viewed_at timestamptz[] NOT NULL DEFAULT '{}',
  completed_at timestamptz,
  last_interaction timestamptz,
  signature_key text,
  signed_ip text,
  signed_user_agent text,
  signed_build_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (signed_document_id, user_id),
  FOREIGN KEY (organisation_id, signed_document_id)
    REFERENCES signed_documents (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX signed_document_members_user_idx
  ON signed_document_members (organisation_id, user_id, completed_at);
SELECT enable_tenant_rls('signed_document_members');

-- The signed file's stored bytes go with the signed document.
CREATE FUNCTION signed_document_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files s USING removed r
   WHERE s.organisation_id = r.organisation_id AND s.id = r.stored_file_id
     AND NOT EXISTS (SELECT 1 FROM document_folders d
                      WHERE d.organisation_id = s.organisation_id AND d.stored_file_id = s.id)
     AND NOT EXISTS (SELECT 1 FROM signed_documents o
                      WHERE o.organisation_id = s.organisation_id AND o.stored_file_id = s.id);
  RETURN NULL;
END $$;
CREATE TRIGGER signed_document_rows_removed AFTER DELETE ON signed_documents
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION signed_document_rows_removed();

-- A document's breadcrumbs: its folders from the project's root down to the one holding it
-- ([{folder_id, folder_name}]); and whether any of them is private. Run as the caller (RLS).
CREATE FUNCTION document_path(org text, folder text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up (id, name, folder_id, depth) AS (
    SELECT d.id, d.name, d.folder_id, 0 FROM document_folders d
     WHERE d.organisation_id = org AND d.id = folder
    UNION ALL
    SELECT d.id, d.name, d.folder_id, up.depth + 1 FROM document_folders d
      JOIN up ON d.organisation_id = org AND d.id = up.folder_id
     WHERE up.depth < 200
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('folder_id', id, 'folder_name', name)
                            ORDER BY depth DESC), '[]'::jsonb) FROM up
$$;

CREATE FUNCTION document_in_private_folder(org text, folder text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up (id, folder_id, private, depth) AS (
    SELECT d.id, d.folder_id, d.private, 0 FROM document_folders d
     WHERE d.organisation_id = org AND d.id = folder
    UNION ALL
    SELECT d.id, d.folder_id, d.private, up.depth + 1 FROM document_folders d
      JOIN up ON d.organisation_id = org AND d.id = up.folder_id
     WHERE up.depth < 200
  )
  SELECT coalesce(bool_or(private), false) FROM up
$$;
