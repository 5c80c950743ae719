import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids';
import { startOrganisationApp, type OrganisationApp } from '../harness';

let setup: OrganisationApp<never>;
// Unique per run: the PostgreSQL leg shares one database between test files.
const probe = `rls_probe_${newId().toLowerCase()}`;

beforeAll(async () => {
  setup = await startOrganisationApp('RLS Helper A', { other: 'RLS Helper B' });
  await setup.test.platform.db.exec(`
    CREATE TABLE ${probe} (
      id text PRIMARY KEY,
      organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name text NOT NULL
    );
    SELECT enable_tenant_rls('${probe}');`);
});
afterAll(async () => {
  await setup.test.platform.db.exec(`DROP TABLE IF EXISTS ${probe}`);
  await setup.test.close();
});

/** What the catalogue says of a table's security: flags, policies and the request role's grants. */
async function securityOf(table: string) {
  const { db } = setup.test.platform;
  const flags = await db.query<{ enabled: boolean; forced: boolean }>(
    `SELECT relrowsecurity AS enabled, relforcerowsecurity AS forced FROM pg_class WHERE oid = $1::regclass`,
    [table],
  );
  const policies = await db.query(
    `SELECT policyname, permissive, roles::text AS roles, cmd, qual, with_check
       FROM pg_policies WHERE schemaname = 'public' AND tablename = $1 ORDER BY policyname`,
    [table],
  );
  const grants = await db.query<{ privilege: string }>(
    `SELECT privilege_type AS privilege FROM information_schema.role_table_grants
      WHERE grantee = 'fieldwork_app' AND table_schema = 'public' AND table_name = $1
      ORDER BY 1`,
    [table],
  );
  return {
    ...flags.rows[0],
    policies: policies.rows,
    grants: grants.rows.map((row) => row.privilege),
  };
}

/** Runs one statement as a request of `organisationId` would: the request role, that scope. */
function asRequestOf(organisationId: string, sql: string) {
  return setup.test.platform.db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('role', 'fieldwork_app', true), set_config('app.organisation_id', $1, true)`,
      [organisationId],
    );
    return (await tx.query<{ name: string }>(sql)).rows;
  });
}

describe('enable_tenant_rls, the helper new migrations use', () => {
  it('gives a table exactly what the hand-written blocks give clients and visits', async () => {
    const made = await securityOf(probe);
    const policyOf = (security: Awaited<ReturnType<typeof securityOf>>) =>
      security.policies.map(({ policyname, permissive, roles, cmd, qual, with_check }) => ({
        policyname,
        permissive,
        roles,
        cmd,
        qual,
        with_check,
      }));
    for (const table of ['clients', 'visits']) {
      const written = await securityOf(table);
      expect(made.enabled).toBe(true);
      expect(made.forced).toBe(true);
      expect({ ...made, policies: policyOf(made) }).toEqual({
        ...written,
        policies: policyOf(written),
      });
    }
  });

  it("keeps another organisation's rows from the request role", async () => {
    await setup.test.platform.db.query(
      `INSERT INTO ${probe} (id, organisation_id, name) VALUES ($1, $2, 'A row'), ($3, $4, 'B row')`,
      [newId(), setup.org.id, newId(), setup.other.id],
    );
    const seen = await asRequestOf(setup.org.id, `SELECT name FROM ${probe}`);
    expect(seen.map((row) => row.name)).toEqual(['A row']);

    const smuggle = asRequestOf(
      setup.org.id,
      `INSERT INTO ${probe} (id, organisation_id, name) VALUES ('${newId()}', '${setup.other.id}', 'Smuggled')`,
    );
    await expect(smuggle).rejects.toThrow(/row-level security/);
  });

  it('may not be called by the request role', async () => {
    const call = asRequestOf(setup.org.id, `SELECT enable_tenant_rls('clients')`);
    await expect(call).rejects.toThrow(/permission denied/);
  });
});
