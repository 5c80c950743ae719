import type { TestApp } from '../../../test/harness';

/**
 * A table made for a kit test: id, organisation_id, the given columns, timestamps, and the
 * tenant row-level security every organisation table has. Dropped again by the returned function.
 */
export async function createKitTable(test: TestApp, table: string, columns: string) {
  await test.platform.db.exec(`
    CREATE TABLE ${table} (
      id text PRIMARY KEY, organisation_id text NOT NULL, ${columns},
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
    GRANT ALL ON ${table} TO fieldwork_app;
    ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant ON ${table} USING (organisation_id = current_setting('app.organisation_id', true));`);
  return () => test.platform.db.exec(`DROP TABLE IF EXISTS ${table}`);
}
