-- Forms (field-work §3 Forms): the library form's settings, its sections and fields.
-- Sections and fields are tables, not JSON: fields are listed, moved and reordered on their own,
-- and job sheet values name them by id. A section or field belongs to exactly one library form
-- (form_id) or one project/template copy of it (project_form_id, filled by forms/sync, whose
-- rows keep source_id: the library row they copy, so a re-sync keeps the copy's ids).

ALTER TABLE forms
  ADD COLUMN enforce_required_fields boolean NOT NULL DEFAULT true,
  ADD COLUMN operative_declaration_required boolean NOT NULL DEFAULT false,
  ADD COLUMN operative_declaration_text text,
  ADD COLUMN approval_required boolean NOT NULL DEFAULT false,
  ADD COLUMN qr_code_capture_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN qr_code_capture_required boolean NOT NULL DEFAULT false,
  ADD COLUMN confirm_location_status_on_submit boolean NOT NULL DEFAULT false,
  ADD COLUMN location_section jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN location_status_automation jsonb NOT NULL DEFAULT '{}';

ALTER TABLE project_forms
  ADD COLUMN location_attributes_custom_config jsonb NOT NULL DEFAULT '[]',
  ADD UNIQUE (organisation_id, id);

CREATE TABLE form_sections (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  form_id text,
  project_form_id text,
  source_id text,
  name text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT form_sections_one_owner CHECK (num_nonnulls(form_id, project_form_id) = 1),
  UNIQUE (organisation_id, id),
  UNIQUE (id, form_id),
  UNIQUE (id, project_form_id),
  FOREIGN KEY (organisation_id, form_id) REFERENCES forms (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, project_form_id)
    REFERENCES project_forms (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX form_sections_form_idx ON form_sections (organisation_id, form_id, "order", id);
CREATE INDEX form_sections_project_form_idx
  ON form_sections (organisation_id, project_form_id, "order", id);

CREATE TABLE form_fields (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  form_id text,
  project_form_id text,
  form_section_id text NOT NULL,
  source_id text,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('TEXT', 'NUMBER', 'DATE', 'SELECT', 'MULTI_SELECT', 'BOOLEAN',
    'SIGNATURE', 'PHOTO')),
  "order" integer NOT NULL DEFAULT 0,
  required boolean NOT NULL DEFAULT false,
  remember boolean NOT NULL DEFAULT false,
  large_text boolean NOT NULL DEFAULT false,
  precision integer,
  capture_time boolean NOT NULL DEFAULT false,
  default_to_now boolean NOT NULL DEFAULT false,
  show_in_job_items_table boolean NOT NULL DEFAULT false,
  enable_filter_for_job_items_table boolean NOT NULL DEFAULT false,
  pdf_report_visibility text NOT NULL DEFAULT 'ALWAYS'
    CHECK (pdf_report_visibility IN ('NEVER', 'ALWAYS', 'WHEN_SET')),
  options jsonb NOT NULL DEFAULT '[]',
  conditional jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT form_fields_one_owner CHECK (num_nonnulls(form_id, project_form_id) = 1),
  FOREIGN KEY (organisation_id, form_section_id)
    REFERENCES form_sections (organisation_id, id) ON DELETE CASCADE,
  -- A field's section is a section of the same form.
  FOREIGN KEY (form_section_id, form_id) REFERENCES form_sections (id, form_id),
  FOREIGN KEY (form_section_id, project_form_id) REFERENCES form_sections (id, project_form_id)
);
CREATE INDEX form_fields_form_idx ON form_fields (organisation_id, form_id, form_section_id, "order", id);
CREATE INDEX form_fields_project_form_idx
  ON form_fields (organisation_id, project_form_id, form_section_id, "order", id);

DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['form_sections', 'form_fields']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldwork_app', tbl);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I
      USING (organisation_id = current_setting(''app.organisation_id'', true))
      WITH CHECK (organisation_id = current_setting(''app.organisation_id'', true))', tbl);
  END LOOP;
END
$$;
