-- GET /productivity's answers are kept in each API process between requests (platform/db/
-- answer-cache.ts): a year of figures per member is read by every manager who opens the chart.
-- What those answers read announces `productivity <organisation id>` on app_changed, which every
-- API process hears (a process its own writes before their COMMIT answers), and that forgets the
-- organisation's kept answers: the rollups (every figure; the triggers of migration 0400 keep
-- them), the projects' names and the teams' members (filter[team_id]). People's names and
-- memberships are announced as `principals` already (migration 20261127T1000), which forgets
-- every kept answer. One announcement per statement and organisation, never per row.

CREATE FUNCTION announce_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organisation text;
BEGIN
  FOR organisation IN SELECT DISTINCT organisation_id FROM changed LOOP
    PERFORM pg_notify('app_changed', TG_ARGV[0] || ' ' || organisation);
  END LOOP;
  RETURN NULL;
END
$$;

-- The rollups and the teams' members, after each kind of statement.
DO $$
DECLARE
  changed_table text;
  kind text;
BEGIN
  FOREACH changed_table IN ARRAY ARRAY['productivity_daily', 'productivity_monthly', 'team_members'] LOOP
    FOREACH kind IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed
           FOR EACH STATEMENT EXECUTE FUNCTION announce_answers_changed(%L)',
        changed_table || '_announce_answers_' || lower(kind), kind, changed_table,
        CASE kind WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END, 'productivity');
    END LOOP;
  END LOOP;
END
$$;

-- A renamed project: a row trigger, since a column list and a transition table do not go
-- together (pg_notify sends one of identical announcements per transaction).
CREATE FUNCTION announce_answers_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changed', TG_ARGV[0] || ' ' || NEW.organisation_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER projects_announce_productivity AFTER UPDATE OF name ON projects
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION announce_answers_renamed('productivity');
CREATE TRIGGER projects_announce_productivity_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_answers_changed('productivity');
