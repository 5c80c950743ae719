-- Sign-in: sessions become devices with short-lived access tokens on top, legacy opaque tokens,
-- single-use tickets (legacy migration, mobile sign-in, support impersonation), password resets,
-- the sign-in failure log behind rate limiting, the e-mail outbox and organisation API keys.

ALTER TABLE users ADD COLUMN support boolean NOT NULL DEFAULT false;

-- 'web' sessions are refreshed through their refresh token; 'legacy' ones use it as the bearer.
ALTER TABLE sessions
  ADD COLUMN kind text NOT NULL DEFAULT 'legacy' CHECK (kind IN ('web', 'legacy')),
  ADD COLUMN device_guid text,
  ADD COLUMN app_version_id text,
  ADD COLUMN app_version_code text,
  ADD COLUMN device_config jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN impersonator_user_id text REFERENCES users (id) ON DELETE CASCADE,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ALTER COLUMN kind SET DEFAULT 'web';
CREATE INDEX sessions_user_activity_idx ON sessions (user_id, last_used_at DESC);

CREATE TABLE sign_in_tickets (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('ticket', 'impersonation')),
  token_hash text NOT NULL UNIQUE,
  created_by_user_id text REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_reset_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at);

-- Keys are 'email:<address>' or 'ip:<address>'; rows older than the window are pruned on write.
CREATE TABLE sign_in_failures (
  key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key_idx ON sign_in_failures (key, failed_at);
CREATE INDEX sign_in_failures_age_idx ON sign_in_failures (failed_at);

CREATE TABLE outbox_emails (
  id text PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL CHECK (status IN ('PENDING', 'SENT', 'LOGGED', 'FAILED')),
  error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL,
  key_prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  last_used_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_organisation_idx ON api_keys (organisation_id, created_at);

ALTER TABLE audit_entries ADD COLUMN impersonated_by_user_id text;

GRANT SELECT, INSERT, UPDATE ON sign_in_tickets, password_reset_tokens, outbox_emails TO fieldwork_app;
GRANT SELECT, INSERT, UPDATE ON api_keys TO fieldwork_app;
GRANT SELECT, DELETE ON sign_in_failures TO fieldwork_app;

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_keys
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));
