-- Platform tables: people, sign-in sessions, organisations and memberships, the audit trail.
-- Organisation-owned tables carry organisation_id and are guarded by row-level security: requests
-- run as the non-owner role fieldwork_app with app.organisation_id / app.user_id set per transaction.

DO $$ BEGIN
  CREATE ROLE fieldwork_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  password_updated_at timestamptz,
  ids jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE organisations (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  ids jsonb NOT NULL DEFAULT '{}',
  options jsonb NOT NULL DEFAULT '{}',
  preboarding jsonb NOT NULL DEFAULT '{}',
  trial_started_at timestamptz,
  trial_ends_at timestamptz,
  waived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('ADMIN', 'MANAGER', 'OPERATIVE', 'GUEST')),
  guest boolean NOT NULL DEFAULT false,
  owner boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  preferences jsonb NOT NULL DEFAULT '{}',
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE audit_entries (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  collection_name text NOT NULL,
  document_id text NOT NULL,
  action text NOT NULL,
  changes jsonb,
  performed_at timestamptz NOT NULL DEFAULT now(),
  performed_by_type text NOT NULL,
  performed_by_user_id text,
  performed_by_api_key_id text,
  request_id text,
  undone_at timestamptz,
  undone_by_user_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_entries_document_idx ON audit_entries (organisation_id, collection_name, document_id);

GRANT SELECT, INSERT, UPDATE ON users, sessions TO fieldwork_app;
GRANT SELECT, INSERT, UPDATE ON organisations TO fieldwork_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON memberships, audit_entries TO fieldwork_app;

-- A member sees the memberships of the organisation in scope, and a user always sees their own.
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
ALTER TABLE memberships FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON memberships
  USING (organisation_id = current_setting('app.organisation_id', true)
         OR user_id = current_setting('app.user_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true)
              OR user_id = current_setting('app.user_id', true));

ALTER TABLE audit_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_entries FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_entries
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

-- Process-wide secrets generated on first start (e.g. the key that signs download links), so that
-- every API process on this database agrees on them. Only the owner role reads this table.
CREATE TABLE platform_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Seat counts are shown with every organisation a user belongs to, across organisations, so they
-- cannot go through the per-organisation policy; this function exposes the count and nothing else.
CREATE FUNCTION organisation_seats_used(organisation text) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT count(*)::int FROM memberships
     WHERE organisation_id = organisation AND active AND NOT guest AND deleted_at IS NULL
  $$;
GRANT EXECUTE ON FUNCTION organisation_seats_used(text) TO fieldwork_app;
