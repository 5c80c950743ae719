-- Job sheets (field-work §3 Job sheets, §4 transitions; docs/job-sheets.md): a form filled in on a
-- job. Numbered twice, both gap-free under concurrency through counter rows updated in the
-- creating transaction: `number` per organisation, `seq_number` per job.
-- Locations do not exist yet: location_id / location_number are plain nullable columns (no
-- foreign key) until the locations issue adds the table.

-- Approval stages and location statuses are named by job sheets: give them the composite key the
-- tenant-safe foreign keys below need.
ALTER TABLE approval_stages ADD UNIQUE (organisation_id, id);
ALTER TABLE location_statuses ADD UNIQUE (organisation_id, id);

CREATE TABLE job_sheet_number_counters (
  organisation_id text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  last_number integer NOT NULL
);

CREATE TABLE job_sheet_seq_counters (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_id text NOT NULL,
  last_seq_number integer NOT NULL,
  PRIMARY KEY (organisation_id, job_id),
  FOREIGN KEY (organisation_id, job_id) REFERENCES jobs (organisation_id, id) ON DELETE CASCADE
);

CREATE TABLE job_sheets (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  number integer NOT NULL,
  job_id text NOT NULL,
  seq_number integer NOT NULL,
  -- copied from the job (a job never changes project), so lists filter without a join
  project_id text NOT NULL,
  site_id text,
  operative_id text REFERENCES users (id) ON DELETE SET NULL,
  -- the library form (one of the job's form_ids) and the project's copy whose fields it fills in
  form_id text NOT NULL,
  project_form_id text,
  location_id text,
  location_number integer,
  -- the location status this sheet last applied (or would apply once locations exist): the
  -- form's automation on create/submit/approve/reject, or the one chosen on update-and-submit
  location_status_id text,
  status text NOT NULL DEFAULT 'IN_PROGRESS'
    CHECK (status IN ('IN_PROGRESS', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED')),
  operative_declaration_accepted_at timestamptz,
  cancelled_at timestamptz,
  submitted_at timestamptz,
  approved_at timestamptz,
  rejected_at timestamptz,
  -- approvals: the stage a submitted sheet waits at, and the round (a resubmission after a
  -- rejection starts the next batch)
  approval_required boolean NOT NULL DEFAULT false,
  current_approval_stage_id text,
  approval_batch integer NOT NULL DEFAULT 1,
  -- priced by the materials issue
  rates jsonb NOT NULL DEFAULT '[]',
  created_by_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (organisation_id, number),
  UNIQUE (organisation_id, job_id, seq_number),
  FOREIGN KEY (organisation_id, job_id) REFERENCES jobs (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, form_id) REFERENCES forms (organisation_id, id),
  FOREIGN KEY (organisation_id, project_form_id)
    REFERENCES project_forms (organisation_id, id) ON DELETE SET NULL (project_form_id),
  FOREIGN KEY (organisation_id, current_approval_stage_id)
    REFERENCES approval_stages (organisation_id, id) ON DELETE SET NULL (current_approval_stage_id),
  FOREIGN KEY (organisation_id, location_status_id)
    REFERENCES location_statuses (organisation_id, id) ON DELETE SET NULL (location_status_id)
);
-- The managers' list: by status and stage, newest submissions first (bench/job-sheets.ts).
CREATE INDEX job_sheets_status_stage_submitted_idx
  ON job_sheets (organisation_id, status, current_approval_stage_id, submitted_at, id);
CREATE INDEX job_sheets_submitted_idx ON job_sheets (organisation_id, submitted_at, id);
CREATE INDEX job_sheets_operative_status_idx ON job_sheets (organisation_id, operative_id, status, id);
CREATE INDEX job_sheets_project_idx ON job_sheets (organisation_id, project_id, status, id);
CREATE INDEX job_sheets_form_operative_idx ON job_sheets (organisation_id, form_id, operative_id, created_at);
CREATE INDEX job_sheets_created_idx ON job_sheets (organisation_id, created_at, id);

-- One value per field of the sheet's form, made when the sheet is created (name, type and
-- conditional copied from the field, so the sheet reads the same if the form changes later).
CREATE TABLE job_sheet_field_values (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_sheet_id text NOT NULL,
  form_field_id text NOT NULL,
  form_section_id text,
  section_name text,
  section_order integer NOT NULL DEFAULT 0,
  name text NOT NULL,
  type text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  value_string text,
  value_number double precision,
  value_boolean boolean,
  -- a date (YYYY-MM-DD), or an ISO 8601 timestamp when the field captures the time
  value_date text,
  value_option text,
  value_options text[],
  -- {name, width, height, signature: storage key, timestamp}
  value_signature jsonb,
  -- the field's conditional ({field_id, value}) as it was when the value was made
  conditional jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (job_sheet_id, form_field_id),
  FOREIGN KEY (organisation_id, job_sheet_id)
    REFERENCES job_sheets (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX job_sheet_field_values_sheet_idx
  ON job_sheet_field_values (organisation_id, job_sheet_id, section_order, "order");

-- Photos of a photo field (field-work §3 Job sheet photo); uploaded and processed on the queue
-- (sheets-photos): status PROCESSING → READY, or FAILED with error.
CREATE TABLE job_sheet_photos (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_sheet_id text NOT NULL,
  job_sheet_field_value_id text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  capture_method text NOT NULL DEFAULT 'WEB_IMPORT'
    CHECK (capture_method IN ('WEB_IMPORT', 'WEB_CAMERA', 'APP_CAMERA', 'APP_LIBRARY')),
  status text NOT NULL DEFAULT 'PROCESSING' CHECK (status IN ('PROCESSING', 'READY', 'FAILED')),
  error text,
  width integer,
  height integer,
  content_type text,
  size_bytes bigint,
  original_name text,
  original_key text NOT NULL,
  thumbnail_key text,
  -- SHA-256 of the bytes (hex) and a 64-bit perceptual hash (bit_count of the XOR = distance)
  c_hash text,
  p_hash bigint,
  taken_at timestamptz,
  created_by_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, job_sheet_id)
    REFERENCES job_sheets (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, job_sheet_field_value_id)
    REFERENCES job_sheet_field_values (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX job_sheet_photos_value_idx
  ON job_sheet_photos (organisation_id, job_sheet_field_value_id, "order", id);
CREATE INDEX job_sheet_photos_sheet_idx ON job_sheet_photos (organisation_id, job_sheet_id);
CREATE INDEX job_sheet_photos_c_hash_idx ON job_sheet_photos (organisation_id, c_hash)
  WHERE c_hash IS NOT NULL;

-- Duplicates found for a sheet's photos among the organisation's other sheets (sheets-photos
-- fills it; the job sheet answers them as duplicate_photos).
CREATE TABLE job_sheet_photo_duplicates (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_sheet_id text NOT NULL,
  photo_id text NOT NULL,
  duplicate_photo_id text NOT NULL,
  duplicate_job_sheet_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('EXACT', 'NEAR')),
  distance integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (photo_id, duplicate_photo_id),
  FOREIGN KEY (organisation_id, job_sheet_id)
    REFERENCES job_sheets (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, photo_id)
    REFERENCES job_sheet_photos (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, duplicate_photo_id)
    REFERENCES job_sheet_photos (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX job_sheet_photo_duplicates_sheet_idx
  ON job_sheet_photo_duplicates (organisation_id, job_sheet_id);

-- Materials used on a sheet (field-work §3 Job sheet material); priced by the materials issue.
CREATE TABLE job_sheet_materials (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_sheet_id text NOT NULL,
  material_id text,
  material_name text NOT NULL,
  material_input_type_key text NOT NULL CHECK (material_input_type_key IN ('SQUARE_METRES',
    'QUANTITY_AND_DIAMETER', 'LINEAR_METRES_AND_JOINT_SIZE', 'CUBIC_METRES', 'QUANTITY',
    'LENGTH_AND_DIAMETER', 'SQUARE_METRES_ALL_SIDES', 'SQUARE_METRES_FOUR_SIDES', 'LINEAR_METRES',
    'AVERAGE_SIDE')),
  quantity double precision,
  width_in_mm double precision,
  height_in_mm double precision,
  length_in_mm double precision,
  diameter_in_mm double precision,
  joint_size_in_mm double precision,
  linear_metres double precision,
  square_metres double precision,
  cubic_metres double precision,
  rates jsonb NOT NULL DEFAULT '[]',
  "order" integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, job_sheet_id)
    REFERENCES job_sheets (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, material_id)
    REFERENCES materials (organisation_id, id) ON DELETE SET NULL (material_id)
);
CREATE INDEX job_sheet_materials_sheet_idx
  ON job_sheet_materials (organisation_id, job_sheet_id, "order", id);

-- The decision trail (field-work §3 Approval decision). At most one standing decision per sheet,
-- stage and batch: of two approvers deciding at once, the unique index lets exactly one in.
-- An undone approval stays in the trail with undone_at set.
CREATE TABLE job_sheet_approval_decisions (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  job_sheet_id text NOT NULL,
  approval_stage_id text,
  approval_stage_name text,
  approval_batch integer NOT NULL,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  user_name text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('APPROVED', 'REJECTED')),
  comments text,
  declaration_accepted_at timestamptz,
  undone_at timestamptz,
  undone_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, job_sheet_id)
    REFERENCES job_sheets (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, approval_stage_id)
    REFERENCES approval_stages (organisation_id, id) ON DELETE SET NULL (approval_stage_id)
);
CREATE UNIQUE INDEX job_sheet_approval_decisions_one_standing
  ON job_sheet_approval_decisions (job_sheet_id, approval_batch, coalesce(approval_stage_id, ''))
  WHERE undone_at IS NULL;
CREATE INDEX job_sheet_approval_decisions_sheet_idx
  ON job_sheet_approval_decisions (organisation_id, job_sheet_id, created_at);

SELECT enable_tenant_rls('job_sheet_number_counters');
SELECT enable_tenant_rls('job_sheet_seq_counters');
SELECT enable_tenant_rls('job_sheets');
SELECT enable_tenant_rls('job_sheet_field_values');
SELECT enable_tenant_rls('job_sheet_photos');
SELECT enable_tenant_rls('job_sheet_photo_duplicates');
SELECT enable_tenant_rls('job_sheet_materials');
SELECT enable_tenant_rls('job_sheet_approval_decisions');
