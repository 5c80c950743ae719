-- Live counts and lists (issue 22, item 13): changes to the records the web app shows live are
-- announced on the channel record_changed, which one connection of each API process listens to
-- (platform/db/change-feed.ts) and hands to the event streams of that organisation's members
-- (platform/live). One announcement per statement and organisation (at most 200 keys each, well
-- under NOTIFY's 8000 bytes), never one per row, so a bulk write of 1,000 rows costs five.
-- A payload names the organisation, the table and keys: `id` for records (each listener is sent
-- only those it may read, checked by the records' own visibility), `user_id` for a person's own
-- rows (notices: sent to that person alone), and `by`, the member whose request or job made the
-- change (app.user_id), so a stream can tell its own echo. Nothing else of the row travels.

CREATE OR REPLACE FUNCTION announce_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN EXECUTE format(
    'SELECT organisation_id, json_agg(key) AS keys FROM (
       SELECT organisation_id, key, (row_number() OVER (PARTITION BY organisation_id ORDER BY key) - 1) / 200 AS chunk
         FROM (SELECT DISTINCT organisation_id, %I AS key FROM changed) d) c
      GROUP BY organisation_id, chunk', TG_ARGV[0])
  LOOP
    PERFORM pg_notify('record_changed', json_build_object(
      'o', batch.organisation_id, 't', TG_TABLE_NAME, 'k', TG_ARGV[0], 'ids', batch.keys,
      'by', nullif(current_setting('app.user_id', true), ''))::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_announce_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');
CREATE TRIGGER jobs_announce_update AFTER UPDATE ON jobs REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');
CREATE TRIGGER jobs_announce_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');

CREATE TRIGGER job_sheets_announce_insert AFTER INSERT ON job_sheets REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');
CREATE TRIGGER job_sheets_announce_update AFTER UPDATE ON job_sheets REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');
CREATE TRIGGER job_sheets_announce_delete AFTER DELETE ON job_sheets REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('id');

CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('user_id');
CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('user_id');
CREATE TRIGGER notifications_announce_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_record_changes('user_id');
