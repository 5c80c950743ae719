-- Organisation setup (platform §3): options and preboarding live in the organisations row's jsonb
-- columns; this adds changelogs (product news, written by support staff, read by every user) and
-- who has viewed which.
--
-- Organisations that existed before preboarding are in use already: they count as completed, so
-- nobody is sent back to a setup they never had. New organisations start with '{}' (not completed).

UPDATE organisations
   SET preboarding = preboarding || jsonb_build_object('completed_at', to_jsonb(now()))
 WHERE NOT preboarding ? 'completed_at';

-- Changelogs are not an organisation's: no organisation_id, readable by every signed-in user
-- (the routes show drafts to support staff only).
CREATE TABLE changelogs (
  id text PRIMARY KEY,
  title text NOT NULL,
  date date NOT NULL,
  icon text,
  tag text,
  content text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED')),
  hero jsonb,
  video_embed_html text,
  published_at timestamptz,
  created_by_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Newest first, the order every list uses.
CREATE INDEX changelogs_newest_idx ON changelogs (date DESC, created_at DESC, id DESC);
CREATE INDEX changelogs_published_idx ON changelogs (date DESC, created_at DESC, id DESC)
  WHERE status = 'PUBLISHED';
CREATE INDEX changelogs_tag_idx ON changelogs (tag);

CREATE TABLE changelog_views (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  changelog_id text NOT NULL REFERENCES changelogs (id) ON DELETE CASCADE,
  last_viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, changelog_id)
);
CREATE INDEX changelog_views_changelog_idx ON changelog_views (changelog_id);

GRANT SELECT, INSERT, UPDATE, DELETE ON changelogs TO fieldwork_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON changelog_views TO fieldwork_app;

-- A user reads and writes only their own views, whatever a query forgets to say.
ALTER TABLE changelog_views ENABLE ROW LEVEL SECURITY;
ALTER TABLE changelog_views FORCE ROW LEVEL SECURITY;
CREATE POLICY own_views ON changelog_views
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));
