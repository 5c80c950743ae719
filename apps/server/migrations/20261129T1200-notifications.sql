-- In-app notices (issue 22, item 12): one row per person told, written by the queue's
-- deliver-notification job (never in the request that caused it). `link` is the web app's path
-- of the record; `read_at` is set when the person marks it read.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text,
  link text NOT NULL,
  -- the event this notice was made from: a retried delivery job writes it once
  event_id text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, user_id)
);
CREATE INDEX notifications_user_idx ON notifications (organisation_id, user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (organisation_id, user_id)
  WHERE read_at IS NULL;
SELECT enable_tenant_rls('notifications');
