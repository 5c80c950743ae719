-- Clients and their contacts (field-work §3). Projects appear here in their first, minimal form so
-- that a client's project_count is a real count; the projects issue extends the table.

CREATE TABLE clients (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  owner_id text REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  last_activity_at timestamptz,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX clients_name_idx ON clients (organisation_id, name, id);
CREATE INDEX clients_name_sort_idx ON clients (organisation_id, lower(name), id);
CREATE INDEX clients_created_idx ON clients (organisation_id, created_at, id);
CREATE INDEX clients_name_trgm_idx ON clients USING gin (name gin_trgm_ops);

CREATE TABLE contacts (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  name text NOT NULL,
  telephone text,
  email text,
  role text,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- the composite key keeps a contact inside its client's organisation whatever the code does
  FOREIGN KEY (organisation_id, client_id) REFERENCES clients (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX contacts_client_idx ON contacts (organisation_id, client_id, name, id);
CREATE INDEX contacts_name_idx ON contacts (organisation_id, lower(name), id);

CREATE TABLE projects (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  client_id text,
  name text NOT NULL,
  archived_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id),
  FOREIGN KEY (organisation_id, client_id) REFERENCES clients (organisation_id, id)
);
CREATE INDEX projects_client_idx ON projects (organisation_id, client_id) WHERE deleted_at IS NULL;

GRANT SELECT, INSERT, UPDATE, DELETE ON clients, contacts, projects TO fieldwork_app;

ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON clients
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contacts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON contacts
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON projects
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));
