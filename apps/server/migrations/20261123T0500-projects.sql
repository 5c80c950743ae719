-- Projects with their full configuration, project templates and library project templates
-- (field-work §3 Projects). A configuration row (attribute definitions, location statuses,
-- approval stages, folders, materials, forms) belongs to exactly one project or one project
-- template: copying configuration between them is one INSERT ... SELECT per table.
--
-- Materials, rate sets and forms appear here in their first, minimal form (id, name, archived_at)
-- so that a project's materials, default rate sets and forms name real records; the issues that
-- bring those entities extend the tables.

CREATE TABLE materials (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX materials_name_idx ON materials (organisation_id, lower(name), id);

CREATE TABLE rate_sets (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX rate_sets_name_idx ON rate_sets (organisation_id, lower(name), id);

CREATE TABLE forms (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX forms_name_idx ON forms (organisation_id, lower(name), id);

-- Project templates carry the same settings as a project, without the work.
CREATE TABLE project_templates (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  item_mode text NOT NULL DEFAULT 'BOTH' CHECK (item_mode IN ('BOTH', 'LOCATIONS', 'SPECIFICATIONS')),
  multi_site boolean NOT NULL DEFAULT false,
  enable_bulk_approval_actions boolean NOT NULL DEFAULT false,
  approvals_enabled boolean NOT NULL DEFAULT false,
  approvals_show_on_report boolean NOT NULL DEFAULT false,
  duplicate_photo_detection boolean NOT NULL DEFAULT false,
  duplicate_photo_detection_prevent_approvals boolean NOT NULL DEFAULT false,
  location_reference_enabled boolean NOT NULL DEFAULT false,
  location_reference_label text,
  default_rate_set_ids text[] NOT NULL DEFAULT '{}',
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX project_templates_name_idx ON project_templates (organisation_id, lower(name), id);

ALTER TABLE projects
  ADD COLUMN owner_id text REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN reference text,
  ADD COLUMN package text,
  ADD COLUMN developer text,
  ADD COLUMN site_address text,
  ADD COLUMN has_drawings boolean NOT NULL DEFAULT false,
  ADD COLUMN item_mode text NOT NULL DEFAULT 'BOTH' CHECK (item_mode IN ('BOTH', 'LOCATIONS', 'SPECIFICATIONS')),
  ADD COLUMN multi_site boolean NOT NULL DEFAULT false,
  ADD COLUMN enable_bulk_approval_actions boolean NOT NULL DEFAULT false,
  ADD COLUMN approvals_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN approvals_show_on_report boolean NOT NULL DEFAULT false,
  ADD COLUMN duplicate_photo_detection boolean NOT NULL DEFAULT false,
  ADD COLUMN duplicate_photo_detection_prevent_approvals boolean NOT NULL DEFAULT false,
  ADD COLUMN location_reference_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN location_reference_label text,
  ADD COLUMN default_rate_set_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN report_cover_image jsonb,
  ADD COLUMN project_template_id text,
  ADD COLUMN page_cache_cleared_at timestamptz,
  ADD COLUMN rates_recalculated_at timestamptz,
  ADD FOREIGN KEY (organisation_id, project_template_id)
    REFERENCES project_templates (organisation_id, id) ON DELETE SET NULL (project_template_id);

-- List orders people use, each ending in id so pages never overlap; the client filter delivers
-- rows in name order from its own index.
CREATE INDEX projects_name_idx ON projects (organisation_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX projects_client_name_idx ON projects (organisation_id, client_id, lower(name), id)
  WHERE deleted_at IS NULL;
CREATE INDEX projects_created_idx ON projects (organisation_id, created_at, id) WHERE deleted_at IS NULL;
-- Substring search (GET /search, filter[search]) over name and reference.
CREATE INDEX projects_name_trgm_idx ON projects USING gin (name gin_trgm_ops);
CREATE INDEX projects_reference_trgm_idx ON projects USING gin (reference gin_trgm_ops);

-- Configuration lists ------------------------------------------------------------------------

CREATE TABLE job_attributes (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  type text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  large_text boolean NOT NULL DEFAULT false,
  precision integer,
  capture_time boolean NOT NULL DEFAULT false,
  default_to_now boolean NOT NULL DEFAULT false,
  options jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE location_attributes (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  type text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  large_text boolean NOT NULL DEFAULT false,
  precision integer,
  options jsonb NOT NULL DEFAULT '[]',
  pdf_report_overview_visibility text NOT NULL DEFAULT 'NEVER'
);

CREATE TABLE specification_attributes (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  type text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  large_text boolean NOT NULL DEFAULT false,
  precision integer,
  options jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE location_statuses (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('PENDING', 'ACTIVE', 'COMPLETED', 'CANCELLED')),
  "order" integer NOT NULL DEFAULT 0,
  icon text NOT NULL,
  color text NOT NULL,
  include_in_todo boolean NOT NULL DEFAULT false
);

CREATE TABLE approval_stages (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  declaration text,
  user_ids text[] NOT NULL DEFAULT '{}',
  "order" integer NOT NULL DEFAULT 0
);

CREATE TABLE document_folders (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  private boolean NOT NULL DEFAULT false,
  "order" integer NOT NULL DEFAULT 0
);

CREATE TABLE signed_document_folders (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  name text NOT NULL,
  "order" integer NOT NULL DEFAULT 0
);

CREATE TABLE project_materials (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  material_id text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  FOREIGN KEY (organisation_id, material_id) REFERENCES materials (organisation_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX project_materials_project_unique ON project_materials (project_id, material_id);
CREATE UNIQUE INDEX project_materials_template_unique
  ON project_materials (project_template_id, material_id);

CREATE TABLE project_forms (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  project_template_id text,
  form_id text NOT NULL,
  name text NOT NULL,
  confirm_location_status_on_submit boolean NOT NULL DEFAULT false,
  location_section text NOT NULL DEFAULT 'NONE'
    CHECK (location_section IN ('NONE', 'ALL_OPTIONAL', 'ALL_REQUIRED', 'CUSTOM')),
  location_status_automation jsonb NOT NULL DEFAULT '{}',
  "order" integer NOT NULL DEFAULT 0,
  synced_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organisation_id, form_id) REFERENCES forms (organisation_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX project_forms_project_unique ON project_forms (project_id, form_id);
CREATE UNIQUE INDEX project_forms_template_unique ON project_forms (project_template_id, form_id);

-- Attribute values of jobs, locations, zones and specifications: one row per value, typed columns.
CREATE TABLE attribute_values (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  subject_type text NOT NULL CHECK (subject_type IN ('JOB', 'LOCATION', 'ZONE', 'SPECIFICATION')),
  subject_id text NOT NULL,
  attribute_id text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  value_string text,
  value_number numeric,
  value_boolean boolean,
  value_date timestamptz,
  value_option text,
  value_options text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX attribute_values_subject_idx ON attribute_values (organisation_id, subject_type, subject_id);
CREATE INDEX attribute_values_project_idx ON attribute_values (organisation_id, project_id);
CREATE INDEX attribute_values_attribute_idx ON attribute_values (attribute_id);

-- Shared shape of the configuration tables: timestamps, one owner, owner-scoped order indexes, RLS.
DO $$
DECLARE
  config text;
BEGIN
  FOREACH config IN ARRAY ARRAY['job_attributes', 'location_attributes', 'specification_attributes',
    'location_statuses', 'approval_stages', 'document_folders', 'signed_document_folders',
    'project_materials', 'project_forms']
  LOOP
    EXECUTE format('ALTER TABLE %I
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT %I CHECK (num_nonnulls(project_id, project_template_id) = 1),
      ADD FOREIGN KEY (organisation_id, project_id)
        REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
      ADD FOREIGN KEY (organisation_id, project_template_id)
        REFERENCES project_templates (organisation_id, id) ON DELETE CASCADE', config,
      config || '_one_owner');
    EXECUTE format('CREATE INDEX %I ON %I (organisation_id, project_id, "order", id)
      WHERE project_id IS NOT NULL', config || '_project_idx', config);
    EXECUTE format('CREATE INDEX %I ON %I (organisation_id, project_template_id, "order", id)
      WHERE project_template_id IS NOT NULL', config || '_template_idx', config);
  END LOOP;

  FOREACH config IN ARRAY ARRAY['materials', 'rate_sets', 'forms', 'project_templates',
    'job_attributes', 'location_attributes', 'specification_attributes', 'location_statuses',
    'approval_stages', 'document_folders', 'signed_document_folders', 'project_materials',
    'project_forms', 'attribute_values']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldwork_app', config);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', config);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', config);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I
      USING (organisation_id = current_setting(''app.organisation_id'', true))
      WITH CHECK (organisation_id = current_setting(''app.organisation_id'', true))', config);
  END LOOP;
END
$$;

-- Library project templates are the product's, shared by every organisation, read-only to them.
CREATE TABLE library_project_templates (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  configuration jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT ON library_project_templates TO fieldwork_app;

INSERT INTO library_project_templates (id, name, description, configuration) VALUES
('5f0a1b2c3d4e5f6a7b8c9d01', 'Fire stopping installation',
 'Penetration seals tracked location by location, from survey to sign-off, with an approval stage.',
 '{"forms": [{"name": "Fire stopping installation"}, {"name": "Fire stopping inspection"}],
   "location_statuses": [
     {"name": "Not started", "type": "PENDING", "icon": "pie-empty", "color": "grey"},
     {"name": "Surveyed", "type": "ACTIVE", "icon": "pie-3", "color": "teal"},
     {"name": "Installed", "type": "ACTIVE", "icon": "pie-8", "color": "gold"},
     {"name": "Signed off", "type": "COMPLETED", "icon": "tick", "color": "green"},
     {"name": "Not required", "type": "CANCELLED", "icon": "cross", "color": "taupe"}],
   "location_attributes": [
     {"name": "Fire rating", "type": "SELECT", "options": ["30 minutes", "60 minutes", "90 minutes", "120 minutes"]},
     {"name": "Service type", "type": "TEXT"}],
   "job_attributes": [{"name": "Purchase order", "type": "TEXT"}],
   "approval_stages": [{"name": "Site manager sign-off", "declaration": "I confirm the work is complete and compliant."}],
   "document_folders": [{"name": "Product data sheets", "private": false}, {"name": "Certificates", "private": false}]}'),
('5f0a1b2c3d4e5f6a7b8c9d02', 'Snagging and defects',
 'Defects raised, fixed and closed out per location, with the trade responsible recorded.',
 '{"forms": [{"name": "Snag report"}],
   "location_statuses": [
     {"name": "Open", "type": "PENDING", "icon": "alert", "color": "red"},
     {"name": "In progress", "type": "ACTIVE", "icon": "pie-6", "color": "orange"},
     {"name": "Fixed", "type": "COMPLETED", "icon": "tick", "color": "green"},
     {"name": "Rejected", "type": "CANCELLED", "icon": "cross", "color": "grey"}],
   "location_attributes": [
     {"name": "Trade", "type": "SELECT", "options": ["Joinery", "Decorating", "Electrical", "Plumbing"]},
     {"name": "Due date", "type": "DATE"}],
   "job_attributes": [],
   "approval_stages": [],
   "document_folders": [{"name": "Handover", "private": false}]}'),
('5f0a1b2c3d4e5f6a7b8c9d03', 'Fire door inspection',
 'Periodic fire door inspections with pass, fail and remedial statuses.',
 '{"forms": [{"name": "Fire door inspection"}],
   "location_statuses": [
     {"name": "Due", "type": "PENDING", "icon": "alarm", "color": "purple"},
     {"name": "Passed", "type": "COMPLETED", "icon": "tick", "color": "green"},
     {"name": "Failed", "type": "ACTIVE", "icon": "alert", "color": "red"},
     {"name": "Remedial works done", "type": "COMPLETED", "icon": "star", "color": "lime"}],
   "location_attributes": [
     {"name": "Door rating", "type": "SELECT", "options": ["FD30", "FD60", "FD90"]},
     {"name": "Gap (mm)", "type": "NUMBER", "precision": 1}],
   "job_attributes": [{"name": "Inspection cycle", "type": "SELECT", "options": ["Quarterly", "Annual"]}],
   "approval_stages": [],
   "document_folders": []}');
