import { startTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { allRoutes } from '../../modules';
import type { RouteDef } from '../http/route';

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

/** A test API serving every route plus `routes`, over a fresh table made for the test. */
export async function startKitTest(
  table: string,
  columns: string,
  routes: RouteDef[],
): Promise<TestApp> {
  const base = await startTestApp();
  const drop = await createKitTable(base, table, columns);
  const app = await buildApp(base.platform, { routes: [...allRoutes(), ...routes] });
  const close = async () => {
    await drop();
    await app.close();
    await base.close();
  };
  return { ...base, app, close };
}
