-- Locations on drawings (field-work §3 "Locations, zones, specifications, drawings"; §4 drawing
-- conversion, location status automation). Composite foreign keys (organisation_id, id) keep
-- every reference inside one organisation; every table gets the tenant wall.

-- Drawings: a level's sheet, uploaded as a PDF (its first page rendered on the queue) or an
-- image. stored_file_id is the upload; image_key the picture shown (the rendered page, or the
-- upload itself when it was an image); replacement_file_id an upload that replaces it once ready.
CREATE TABLE drawings (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- the block, site and project are the level's (read through it, so a level moved to another
  -- block takes its drawings along)
  level_id text NOT NULL,
  name text NOT NULL,
  width integer,
  height integer,
  "order" integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'PROCESSING' CHECK (status IN ('PROCESSING', 'READY', 'FAILED')),
  error text,
  stored_file_id text,
  image_key text,
  image_content_type text,
  replacement_file_id text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, level_id) REFERENCES levels (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, stored_file_id)
    REFERENCES stored_files (organisation_id, id) ON DELETE SET NULL (stored_file_id),
  FOREIGN KEY (organisation_id, replacement_file_id)
    REFERENCES stored_files (organisation_id, id) ON DELETE SET NULL (replacement_file_id),
  CONSTRAINT drawings_size_positive CHECK ((width IS NULL OR width > 0) AND (height IS NULL OR height > 0))
);
CREATE INDEX drawings_level_idx ON drawings (organisation_id, level_id, "order", id);
CREATE INDEX drawings_order_idx ON drawings (organisation_id, "order", id);
CREATE INDEX drawings_stored_file_idx ON drawings (stored_file_id);
CREATE INDEX drawings_replacement_file_idx ON drawings (replacement_file_id);
SELECT enable_tenant_rls('drawings');

-- Pending drawings: uploaded to a project or a site, waiting to be placed on a level.
CREATE TABLE pending_drawings (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text,
  site_id text,
  name text NOT NULL,
  width integer,
  height integer,
  status text NOT NULL DEFAULT 'PROCESSING' CHECK (status IN ('PROCESSING', 'READY', 'FAILED')),
  error text,
  stored_file_id text,
  image_key text,
  image_content_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  CONSTRAINT pending_drawings_one_owner CHECK (num_nonnulls(project_id, site_id) = 1),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, stored_file_id)
    REFERENCES stored_files (organisation_id, id) ON DELETE SET NULL (stored_file_id)
);
CREATE INDEX pending_drawings_project_idx ON pending_drawings (organisation_id, project_id, created_at);
CREATE INDEX pending_drawings_site_idx ON pending_drawings (organisation_id, site_id, created_at);
CREATE INDEX pending_drawings_created_idx ON pending_drawings (organisation_id, created_at, id);
CREATE INDEX pending_drawings_stored_file_idx ON pending_drawings (stored_file_id);
SELECT enable_tenant_rls('pending_drawings');

-- A drawing's or pending drawing's upload goes when the row goes (its bytes by stored_files' own
-- trigger). A row handed from one table to the other keeps its file: the file is removed only
-- when no drawing, pending drawing or replacement still names it.
CREATE FUNCTION drawing_uploads_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files f USING removed_drawings o
   WHERE f.organisation_id = o.organisation_id
     AND f.id IN (o.stored_file_id, o.replacement_file_id)
     AND NOT EXISTS (SELECT 1 FROM drawings d WHERE d.organisation_id = f.organisation_id
                        AND (d.stored_file_id = f.id OR d.replacement_file_id = f.id))
     AND NOT EXISTS (SELECT 1 FROM pending_drawings p WHERE p.organisation_id = f.organisation_id
                        AND p.stored_file_id = f.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER drawings_uploads_removed
  AFTER DELETE ON drawings REFERENCING OLD TABLE AS removed_drawings
  FOR EACH STATEMENT EXECUTE FUNCTION drawing_uploads_removed();

CREATE FUNCTION pending_drawing_uploads_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files f USING removed_pending o
   WHERE f.organisation_id = o.organisation_id AND f.id = o.stored_file_id
     AND NOT EXISTS (SELECT 1 FROM drawings d WHERE d.organisation_id = f.organisation_id
                        AND (d.stored_file_id = f.id OR d.replacement_file_id = f.id))
     AND NOT EXISTS (SELECT 1 FROM pending_drawings p WHERE p.organisation_id = f.organisation_id
                        AND p.stored_file_id = f.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER pending_drawings_uploads_removed
  AFTER DELETE ON pending_drawings REFERENCING OLD TABLE AS removed_pending
  FOR EACH STATEMENT EXECUTE FUNCTION pending_drawing_uploads_removed();

-- Zones and specifications: a project's priced groupings of locations. Money in minor units;
-- price items are kept in order with their totals computed on the server.
CREATE TABLE zones (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  code text,
  name text NOT NULL,
  price bigint NOT NULL DEFAULT 0,
  price_items jsonb NOT NULL DEFAULT '[]',
  attachments jsonb NOT NULL DEFAULT '[]',
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX zones_project_idx ON zones (organisation_id, project_id, lower(name), id);
CREATE INDEX zones_name_idx ON zones (organisation_id, lower(name), id);
SELECT enable_tenant_rls('zones');

CREATE TABLE specifications (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  code text,
  name text NOT NULL,
  price bigint NOT NULL DEFAULT 0,
  price_items jsonb NOT NULL DEFAULT '[]',
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX specifications_project_idx ON specifications (organisation_id, project_id, lower(name), id);
CREATE INDEX specifications_name_idx ON specifications (organisation_id, lower(name), id);
SELECT enable_tenant_rls('specifications');

-- The materials a zone or specification uses: links to the organisation's materials.
CREATE TABLE zone_materials (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  zone_id text NOT NULL,
  material_id text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  PRIMARY KEY (zone_id, material_id),
  FOREIGN KEY (organisation_id, zone_id) REFERENCES zones (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, material_id) REFERENCES materials (organisation_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_rls('zone_materials');
CREATE TABLE specification_materials (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  specification_id text NOT NULL,
  material_id text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  PRIMARY KEY (specification_id, material_id),
  FOREIGN KEY (organisation_id, specification_id)
    REFERENCES specifications (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, material_id) REFERENCES materials (organisation_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_rls('specification_materials');

-- QR code batches and their codes. A code is short, random and unique across organisations (it
-- is printed on a label and resolved without signing in); it names at most one location.
CREATE TABLE qr_code_batches (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  generated_at timestamptz,
  failed_at timestamptz,
  error text,
  allocated_at timestamptz,
  allocated_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  downloaded_at timestamptz,
  downloaded_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  download_count integer NOT NULL DEFAULT 0,
  csv_key text,
  pdf_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX qr_code_batches_created_idx ON qr_code_batches (organisation_id, created_at, id);
SELECT enable_tenant_rls('qr_code_batches');

CREATE TABLE qr_codes (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  batch_id text NOT NULL,
  code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-Z]{10}$'),
  location_id text,
  allocated_at timestamptz,
  allocated_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, batch_id) REFERENCES qr_code_batches (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX qr_codes_batch_idx ON qr_codes (organisation_id, batch_id, code);
SELECT enable_tenant_rls('qr_codes');

-- Locations (field-work §3 Location): numbered per project without gaps, pinned on a drawing by
-- fractions of its width and height, with a status of the project's.
CREATE TABLE location_number_counters (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (organisation_id, project_id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_rls('location_number_counters');

CREATE TABLE locations (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  number integer NOT NULL CHECK (number > 0),
  reference text,
  site_id text,
  block_id text,
  level_id text,
  drawing_id text,
  drawing_pos_top double precision CHECK (drawing_pos_top BETWEEN 0 AND 1),
  drawing_pos_left double precision CHECK (drawing_pos_left BETWEEN 0 AND 1),
  zone_id text,
  specification_id text,
  status_id text NOT NULL,
  variation text,
  qr_code_id text UNIQUE,
  original_job_sheet_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (project_id, number),
  CONSTRAINT locations_pin_whole CHECK ((drawing_pos_top IS NULL) = (drawing_pos_left IS NULL)),
  CONSTRAINT locations_pin_on_drawing CHECK (drawing_pos_top IS NULL OR drawing_id IS NOT NULL),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, block_id) REFERENCES blocks (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, level_id) REFERENCES levels (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, drawing_id) REFERENCES drawings (organisation_id, id)
    ON DELETE SET NULL (drawing_id),
  FOREIGN KEY (organisation_id, zone_id) REFERENCES zones (organisation_id, id)
    ON DELETE SET NULL (zone_id),
  FOREIGN KEY (organisation_id, specification_id) REFERENCES specifications (organisation_id, id)
    ON DELETE SET NULL (specification_id),
  FOREIGN KEY (organisation_id, status_id) REFERENCES location_statuses (organisation_id, id),
  FOREIGN KEY (organisation_id, qr_code_id) REFERENCES qr_codes (organisation_id, id)
    ON DELETE SET NULL (qr_code_id),
  FOREIGN KEY (organisation_id, original_job_sheet_id) REFERENCES job_sheets (organisation_id, id)
    ON DELETE SET NULL (original_job_sheet_id)
);
CREATE INDEX locations_drawing_idx ON locations (organisation_id, drawing_id, number);
CREATE INDEX locations_project_idx ON locations (organisation_id, project_id, number);
CREATE INDEX locations_level_idx ON locations (organisation_id, level_id);
CREATE INDEX locations_zone_idx ON locations (organisation_id, zone_id);
CREATE INDEX locations_specification_idx ON locations (organisation_id, specification_id);
CREATE INDEX locations_status_idx ON locations (organisation_id, status_id);
CREATE INDEX locations_created_idx ON locations (organisation_id, created_at, id);
SELECT enable_tenant_rls('locations');

ALTER TABLE qr_codes ADD FOREIGN KEY (organisation_id, location_id)
  REFERENCES locations (organisation_id, id) ON DELETE SET NULL (location_id);
CREATE UNIQUE INDEX qr_codes_location_unique ON qr_codes (location_id) WHERE location_id IS NOT NULL;

-- Job sheets name their location by a real key now. Until this migration no location existed,
-- so any location_id a sheet carried named nothing and is cleared.
UPDATE job_sheets SET location_id = NULL, location_number = NULL WHERE location_id IS NOT NULL;
ALTER TABLE job_sheets ADD CONSTRAINT job_sheets_location_fkey
  FOREIGN KEY (organisation_id, location_id) REFERENCES locations (organisation_id, id)
  ON DELETE SET NULL (location_id);
CREATE INDEX job_sheets_location_idx ON job_sheets (organisation_id, location_id);

-- Status automation moves the location itself: whenever a sheet's location status is set (on
-- create, submit, approve, reject, or update-and-submit), its location takes that status.
CREATE FUNCTION job_sheet_moves_location_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.location_id IS NOT NULL AND NEW.location_status_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.location_status_id IS DISTINCT FROM OLD.location_status_id
          OR NEW.location_id IS DISTINCT FROM OLD.location_id) THEN
    UPDATE locations SET status_id = NEW.location_status_id, updated_at = now()
     WHERE organisation_id = NEW.organisation_id AND id = NEW.location_id
       AND status_id IS DISTINCT FROM NEW.location_status_id
       AND EXISTS (SELECT 1 FROM location_statuses s WHERE s.organisation_id = NEW.organisation_id
                     AND s.id = NEW.location_status_id AND s.project_id = locations.project_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER job_sheets_move_location_status
  AFTER INSERT OR UPDATE OF location_status_id, location_id ON job_sheets
  FOR EACH ROW EXECUTE FUNCTION job_sheet_moves_location_status();
