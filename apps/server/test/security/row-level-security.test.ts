import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, startTestApp, type TestApp } from '../harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('row-level security, the second wall', () => {
  it('is enabled and forced on every table that carries organisation_id', async () => {
    const { rows } = await test.platform.db.query<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }>(
      `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        WHERE c.relkind = 'r'
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organisation_id' AND NOT a.attisdropped)
        ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows)
      expect(row, row.table).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it("hides another organisation's rows from the request role even without a WHERE clause", async () => {
    const a = await createOrganisation(test.app, 'RLS A');
    const b = await createOrganisation(test.app, 'RLS B');
    await a.api.post('/clients', { name: 'Only A' });
    await b.api.post('/clients', { name: 'Only B' });
    const seen = await test.platform.db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
        [a.id],
      );
      const { rows } = await tx.query<{ name: string }>('SELECT name FROM clients');
      return rows.map((row) => row.name);
    });
    expect(seen).toEqual(['Only A']);

    const insert = test.platform.db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
        [a.id],
      );
      await tx.query(
        `INSERT INTO clients (id, organisation_id, name) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', $1, 'Smuggled')`,
        [b.id],
      );
    });
    await expect(insert).rejects.toThrow(/row-level security/);
  });
});
