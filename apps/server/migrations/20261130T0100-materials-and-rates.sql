-- Materials, rate groups, rate sets and services (field-work §3 Materials and rates, Service;
-- docs/pricing.md). The minimal materials and rate_sets tables of the projects migration grow
-- here. Money is integer minor units (bigint); rate tiers are nested in their rate set's prices
-- (read and written only with it), one jsonb entry per input type.

CREATE TABLE material_groups (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX material_groups_name_idx ON material_groups (organisation_id, lower(name), id);

CREATE TABLE material_tags (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX material_tags_name_idx ON material_tags (organisation_id, lower(name), id);

ALTER TABLE materials
  ADD COLUMN input_type_key text NOT NULL DEFAULT 'QUANTITY' CHECK (input_type_key IN (
    'SQUARE_METRES', 'QUANTITY_AND_DIAMETER', 'LINEAR_METRES_AND_JOINT_SIZE', 'CUBIC_METRES',
    'QUANTITY', 'LENGTH_AND_DIAMETER', 'SQUARE_METRES_ALL_SIDES', 'SQUARE_METRES_FOUR_SIDES',
    'LINEAR_METRES', 'AVERAGE_SIDE')),
  ADD COLUMN material_group_id text,
  ADD COLUMN material_tag_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]',
  ADD FOREIGN KEY (organisation_id, material_group_id)
    REFERENCES material_groups (organisation_id, id) ON DELETE SET NULL (material_group_id);
CREATE INDEX materials_group_idx ON materials (organisation_id, material_group_id);
CREATE INDEX materials_tags_idx ON materials USING gin (material_tag_ids);

CREATE TABLE material_rate_groups (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  default_material_rate_set_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX material_rate_groups_order_idx ON material_rate_groups (organisation_id, "order", id);

ALTER TABLE rate_sets
  ADD COLUMN material_rate_group_id text,
  ADD COLUMN description text,
  ADD COLUMN locked boolean NOT NULL DEFAULT false,
  ADD COLUMN "order" integer NOT NULL DEFAULT 0,
  -- [{input_type_key, tiers: [{for_up_to, fixed_amount, rate}], rate, fixed_amount, min_measure}]
  ADD COLUMN prices jsonb NOT NULL DEFAULT '[]',
  ADD FOREIGN KEY (organisation_id, material_rate_group_id)
    REFERENCES material_rate_groups (organisation_id, id) ON DELETE CASCADE;
CREATE INDEX rate_sets_group_idx ON rate_sets (organisation_id, material_rate_group_id, "order", id);

ALTER TABLE material_rate_groups
  ADD FOREIGN KEY (organisation_id, default_material_rate_set_id)
    REFERENCES rate_sets (organisation_id, id) ON DELETE SET NULL (default_material_rate_set_id);

-- A material's own pricing in one rate set (field-work §3 Material rate group entry).
CREATE TABLE material_rate_entries (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  material_id text NOT NULL,
  material_rate_set_id text NOT NULL,
  use_custom boolean NOT NULL DEFAULT false,
  custom jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  UNIQUE (material_id, material_rate_set_id),
  FOREIGN KEY (organisation_id, material_id) REFERENCES materials (organisation_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organisation_id, material_rate_set_id)
    REFERENCES rate_sets (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX material_rate_entries_set_idx ON material_rate_entries (organisation_id, material_rate_set_id);

CREATE TABLE services (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  operative_price bigint NOT NULL DEFAULT 0 CHECK (operative_price >= 0),
  charge_price bigint NOT NULL DEFAULT 0 CHECK (charge_price >= 0),
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX services_name_idx ON services (organisation_id, lower(name), id);

-- A job sheet material's price in the first rate group that prices it (its `rates` hold each).
ALTER TABLE job_sheet_materials
  ADD COLUMN price bigint,
  ADD COLUMN measure double precision,
  ADD COLUMN priced_at timestamptz;
CREATE INDEX job_sheet_materials_material_idx ON job_sheet_materials (organisation_id, material_id);

SELECT enable_tenant_rls('material_groups');
SELECT enable_tenant_rls('material_tags');
SELECT enable_tenant_rls('material_rate_groups');
SELECT enable_tenant_rls('material_rate_entries');
SELECT enable_tenant_rls('services');
