-- People (field-work §3, platform §3): employment details and deactivation on memberships, invites
-- by e-mail and by link, project members (guests' projects now, per-project permissions later),
-- teams and qualifications.
--
-- Public invite look-ups run without an organisation in scope. They still pass row-level security:
-- the handler puts the hash of the token it was given in app.invite_token_hash (or the signed-in
-- user's e-mail in app.user_email) for its transaction, and the policies let exactly those rows
-- through. Writes always need the organisation in scope.

ALTER TABLE memberships
  ADD COLUMN employee_number text,
  ADD COLUMN tax_number text,
  ADD COLUMN hourly_rate numeric,
  ADD COLUMN daily_rate numeric,
  ADD COLUMN deactivated_at timestamptz;

CREATE TABLE membership_invites (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('ADMIN', 'MANAGER', 'OPERATIVE', 'GUEST')),
  guest boolean NOT NULL DEFAULT false,
  project_ids text[] NOT NULL DEFAULT '{}',
  token_hash text NOT NULL UNIQUE,
  invited_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  invited_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '14 days',
  accepted_at timestamptz,
  accepted_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One open invite per address and organisation (expired ones are cancelled before a new one).
CREATE UNIQUE INDEX membership_invites_open_key ON membership_invites (organisation_id, lower(email))
  WHERE accepted_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX membership_invites_email_idx ON membership_invites (lower(email))
  WHERE accepted_at IS NULL AND cancelled_at IS NULL;

CREATE TABLE organisation_invites (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('ADMIN', 'MANAGER', 'OPERATIVE')),
  token_hash text NOT NULL UNIQUE,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  use_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_invites_organisation_idx ON organisation_invites (organisation_id, created_at);

CREATE TABLE project_members (
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  project_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  can_start_jobs boolean NOT NULL DEFAULT true,
  can_edit boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id),
  FOREIGN KEY (organisation_id, project_id) REFERENCES projects (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX project_members_user_idx ON project_members (user_id, organisation_id);

CREATE TABLE teams (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  shortname text,
  team_lead_id text REFERENCES users (id) ON DELETE SET NULL,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, id)
);
CREATE INDEX teams_name_idx ON teams (organisation_id, lower(name), id);
CREATE INDEX teams_lead_idx ON teams (organisation_id, team_lead_id);

CREATE TABLE team_members (
  organisation_id text NOT NULL,
  team_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id),
  FOREIGN KEY (organisation_id, team_id) REFERENCES teams (organisation_id, id) ON DELETE CASCADE
);
CREATE INDEX team_members_user_idx ON team_members (user_id, organisation_id);

CREATE TABLE qualifications (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  reference text,
  expiry_date date,
  -- [{id, name, size, content_type, key}]; key is the storage key, never shown to clients
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qualifications_user_idx ON qualifications (organisation_id, user_id, id);
CREATE INDEX qualifications_expiry_idx ON qualifications (organisation_id, expiry_date, id);
CREATE INDEX qualifications_name_idx ON qualifications (organisation_id, lower(name), id);

GRANT SELECT, INSERT, UPDATE, DELETE
  ON membership_invites, organisation_invites, project_members, teams, team_members, qualifications
  TO fieldwork_app;

ALTER TABLE membership_invites ENABLE ROW LEVEL SECURITY;
ALTER TABLE membership_invites FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON membership_invites
  USING (organisation_id = current_setting('app.organisation_id', true)
         OR token_hash = current_setting('app.invite_token_hash', true)
         OR lower(email) = current_setting('app.user_email', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE organisation_invites ENABLE ROW LEVEL SECURITY;
ALTER TABLE organisation_invites FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON organisation_invites
  USING (organisation_id = current_setting('app.organisation_id', true)
         OR token_hash = current_setting('app.invite_token_hash', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

-- Like memberships: a user also sees their own rows (for /me/context), but writes need the scope.
ALTER TABLE project_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE project_members FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON project_members
  USING (organisation_id = current_setting('app.organisation_id', true)
         OR user_id = current_setting('app.user_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_members FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON team_members
  USING (organisation_id = current_setting('app.organisation_id', true)
         OR user_id = current_setting('app.user_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON teams
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE qualifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE qualifications FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON qualifications
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));
