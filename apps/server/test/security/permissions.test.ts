import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/modules';
import {
  parsePermissions,
  permissionRow,
  renderPermissions,
  type PermissionRow,
} from '../../src/platform/http/permissions';
import { newId } from '../../src/platform/ids';
import {
  addMember,
  client,
  createOrganisation,
  signUp,
  startTestApp,
  type Client,
  type OrganisationFixture,
  type TestApp,
} from '../harness';

/**
 * The permission matrix is docs/permissions.md. This test holds it to the routes both ways (a
 * route without a row, or a row without a route, fails) and then calls every organisation route
 * as every role and as an API key, proving the server refuses exactly what the row refuses.
 */
const DOC = new URL('../../../../docs/permissions.md', import.meta.url);
const RANK = ['GUEST', 'OPERATIVE', 'MANAGER', 'ADMIN'] as const;
const REFUSALS = ['role_required', 'owner_required', 'api_key_not_allowed', 'support_only'];

let matrix: PermissionRow[];
let test: TestApp;
let organisation: OrganisationFixture;
const callers: Record<string, Client> = {};

beforeAll(async () => {
  matrix = parsePermissions(await readFile(DOC, 'utf8'));
  test = await startTestApp();
  organisation = await createOrganisation(test.app, 'Matrix Ltd');
  const base = `/organisations/${organisation.id}`;
  for (const role of ['GUEST', 'OPERATIVE', 'MANAGER', 'ADMIN'] as const) {
    callers[role] = (await addMember(test, organisation, role)).orgApi;
  }
  callers.OWNER = organisation.api;
  const key = await organisation.owner.api.post('/api_keys', {
    organisation_id: organisation.id,
    name: 'Matrix key',
  });
  callers.API_KEY = client(test.app, key.body.data.secret, base);
});
afterAll(() => test.close());

const key = (row: Pick<PermissionRow, 'method' | 'path'>) => `${row.method} ${row.path}`;

/** Path parameters become fresh ids: the role decision comes before any lookup. */
const concrete = (path: string) =>
  path.replace(/^\/organisations\/\{organisationId\}/, '').replace(/\{\w+\}/g, () => newId());

describe('docs/permissions.md', () => {
  it('has exactly one row per route, agreeing with its declaration', () => {
    const declared = allRoutes().map(permissionRow);
    const documented = new Map(matrix.map((row) => [key(row), row]));
    const missing = declared.filter((row) => !documented.has(key(row))).map(key);
    expect(
      missing,
      'routes without a row: run npm run permissions --workspace apps/server',
    ).toEqual([]);
    const stale = matrix.filter((row) => !declared.some((d) => key(d) === key(row))).map(key);
    expect(stale, 'rows without a route').toEqual([]);
    for (const row of declared) expect(documented.get(key(row)), key(row)).toEqual(row);
  });

  it("lists the actions a record's status allows or locks, as the declarations say", async () => {
    const section = (markdown: string) => markdown.slice(markdown.indexOf('## Record state'));
    const documented = section(await readFile(DOC, 'utf8'));
    expect(documented, 'run npm run permissions --workspace apps/server').toBe(
      section(renderPermissions(allRoutes())),
    );
    expect(documented).toContain('| jobs | start_on_web | only from status AWAITING |');
    expect(documented).toContain(
      '| job_sheets | update | nobody while the sheet is submitted, approved or cancelled |',
    );
  });

  it('every organisation route refuses exactly the roles below its row', async () => {
    const failures: string[] = [];
    for (const row of matrix.filter((r) => r.access === 'organisation')) {
      const least = RANK.indexOf(row.role as (typeof RANK)[number]);
      const path = concrete(row.path);
      const body = row.method === 'GET' ? undefined : {};
      const expectations: Array<[string, boolean]> = [
        ...RANK.map((role, rank): [string, boolean] => [
          role,
          rank >= least && row.owner !== 'yes',
        ]),
        ['OWNER', true],
        ['API_KEY', row.apiKey === 'yes'],
      ];
      for (const [caller, allowed] of expectations) {
        const response = await callers[caller]!.call(row.method as never, path, body);
        const refused = response.status === 403 && REFUSALS.includes(response.body?.code);
        if (refused === allowed) {
          failures.push(`${key(row)} as ${caller}: ${response.status} ${response.body?.code}`);
        }
      }
      if (row.force !== '-') {
        const forceLeast = RANK.indexOf(row.force as (typeof RANK)[number]);
        for (const [rank, role] of RANK.entries()) {
          const response = await callers[role]!.call(
            row.method as never,
            `${path}?force=true`,
            body,
          );
          const refused = response.status === 403 && response.body?.code === 'role_required';
          if (refused !== rank < forceLeast) {
            failures.push(`${key(row)}?force=true as ${role}: ${response.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × every caller: minutes on PGlite when the machine is shared.
  }, 180_000);

  it('user routes need a signed-in user; support routes need support staff', async () => {
    const failures: string[] = [];
    for (const row of matrix.filter((r) => r.access === 'user' || r.access === 'support')) {
      // A user of its own per row: some rows (logout) end the caller's session.
      const user = await signUp(test.app);
      const path = concrete(row.path);
      const body = row.method === 'GET' ? undefined : {};
      const anonymous = await client(test.app).call(row.method as never, path, body);
      if (anonymous.status !== 401) failures.push(`${key(row)} anonymous: ${anonymous.status}`);
      const signedIn = await user.api.call(row.method as never, path, body);
      const refused = signedIn.status === 403 && signedIn.body?.code === 'support_only';
      if (refused !== (row.access === 'support')) {
        failures.push(`${key(row)} as a user: ${signedIn.status} ${signedIn.body?.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('public routes answer without a token', async () => {
    const failures: string[] = [];
    for (const row of matrix.filter((r) => r.access === 'public')) {
      const response = await client(test.app).call(
        row.method as never,
        concrete(row.path),
        row.method === 'GET' ? undefined : {},
      );
      if ([401, 403].includes(response.status)) failures.push(`${key(row)}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
