-- Sites, blocks and levels (field-work §3). Each is soft-deleted (deleted_at) and restorable.
-- Composite foreign keys (organisation_id, id) keep every reference inside one organisation.

CREATE TABLE sites (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- false: the name follows the address (line 1, else the full address)
  name_is_custom boolean NOT NULL DEFAULT false,
  address_line_1 text,
  address_line_2 text,
  city text,
  postcode text,
  country_iso_code text,
  latitude double precision,
  longitude double precision,
  what3words text,
  notes text,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  CONSTRAINT sites_coordinates_both CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CONSTRAINT sites_latitude_range CHECK (latitude BETWEEN -90 AND 90),
  CONSTRAINT sites_longitude_range CHECK (longitude BETWEEN -180 AND 180)
);
CREATE INDEX sites_name_sort_idx ON sites (organisation_id, lower(name), id);
CREATE INDEX sites_created_idx ON sites (organisation_id, created_at, id);
-- filter[search] matches name, city and postcode as substrings
CREATE INDEX sites_name_trgm_idx ON sites USING gin (name gin_trgm_ops);
CREATE INDEX sites_city_trgm_idx ON sites USING gin (city gin_trgm_ops);
CREATE INDEX sites_postcode_trgm_idx ON sites USING gin (postcode gin_trgm_ops);

-- A project's (main) site. Sites are only soft-deleted, so the key never dangles.
ALTER TABLE projects ADD COLUMN site_id text;
ALTER TABLE projects
  ADD CONSTRAINT projects_site_fkey FOREIGN KEY (organisation_id, site_id)
  REFERENCES sites (organisation_id, id);
CREATE INDEX projects_site_idx ON projects (organisation_id, site_id) WHERE deleted_at IS NULL;

CREATE TABLE blocks (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  site_id text NOT NULL,
  name text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, site_id) REFERENCES sites (organisation_id, id) ON DELETE CASCADE
);
-- siblings are the blocks of one project on one site, in order
CREATE INDEX blocks_siblings_idx ON blocks (organisation_id, project_id, site_id, "order", id);
CREATE INDEX blocks_site_idx ON blocks (organisation_id, site_id) WHERE deleted_at IS NULL;
CREATE INDEX blocks_order_idx ON blocks (organisation_id, "order", id);

CREATE TABLE levels (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  block_id text NOT NULL,
  name text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, block_id) REFERENCES blocks (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX levels_block_idx ON levels (organisation_id, block_id, "order", id);
CREATE INDEX levels_order_idx ON levels (organisation_id, "order", id);

GRANT SELECT, INSERT, UPDATE, DELETE ON sites, blocks, levels TO fieldwork_app;

ALTER TABLE sites ENABLE ROW LEVEL SECURITY;
ALTER TABLE sites FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sites
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE blocks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blocks
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE levels ENABLE ROW LEVEL SECURITY;
ALTER TABLE levels FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON levels
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));
