import { projectCreateSchema } from '@fieldwork/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/queryable';
import type { AuthUser, OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { writer } from '../../platform/resource-kit';
import type { Services } from '../../platform/services';
import { insertRows } from './copy-configuration';
import { projectMembers } from './project-members.links';
import { projectsResource } from './projects.resource';

/** The demo organisation's catalogue: what the project settings' pickers offer. */
const MATERIALS = ['Intumescent sealant', 'Fire collar 110 mm', 'Mineral wool batt', 'Door closer'];
const RATE_SETS = ['Standard day rates', 'Weekend rates'];
const FORMS = ['Daily site diary', 'Permit to work'];

const LIBRARY = {
  fireStopping: '5f0a1b2c3d4e5f6a7b8c9d01',
  snagging: '5f0a1b2c3d4e5f6a7b8c9d02',
  fireDoors: '5f0a1b2c3d4e5f6a7b8c9d03',
};

/** Demo projects by client and site name; each is created as POST /projects creates one. */
const PROJECTS = [
  {
    name: 'Holbeck Works fire stopping',
    reference: 'NG-101',
    client: 'Northgate Developments',
    site: 'Holbeck Works',
    package: 'Passive fire protection',
    developer: 'Northgate Developments',
    library_project_template_id: LIBRARY.fireStopping,
    approvals_enabled: true,
    withCatalogue: true,
  },
  {
    name: 'Riverside Court snagging',
    reference: 'RHA-2207',
    client: 'Riverside Housing Association',
    site: null,
    package: 'Handover',
    developer: null,
    library_project_template_id: LIBRARY.snagging,
    approvals_enabled: false,
    withCatalogue: false,
  },
  {
    name: 'Spinningfields Tower fit-out',
    reference: 'BW-550',
    client: 'Brightwell Construction',
    site: 'Spinningfields Tower',
    package: 'Fit-out',
    developer: 'Brightwell Construction',
    library_project_template_id: undefined,
    approvals_enabled: false,
    withCatalogue: false,
  },
  {
    name: 'Harbour View fire doors',
    reference: 'HV-12',
    client: 'Harbour View Hotels',
    site: 'Temple Quay Offices',
    package: 'Fire door inspection',
    developer: null,
    library_project_template_id: LIBRARY.fireDoors,
    approvals_enabled: false,
    withCatalogue: false,
  },
];

const noop = () => undefined;
const silentLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
} as unknown as FastifyBaseLogger;

/** The seed acts as the demo admin, through the same writes and audit as the API. */
export function seedContext(
  db: Queryable,
  services: Services,
  organisationId: string,
  user: AuthUser,
): OrganisationContext {
  return {
    db,
    services,
    log: silentLogger,
    requestId: 'demo-seed',
    ip: '127.0.0.1',
    userAgent: null,
    afterCommit: noop,
    afterRequest: noop,
    afterRollback: noop,
    user,
    actor: { type: 'USER', apiKeyId: null, impersonatorUserId: null },
    organisationId,
    membership: { id: null, role: 'ADMIN', owner: true, guest: false },
  };
}

async function insertNamed(ctx: OrganisationContext, table: string, names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const id = newId();
    await ctx.db.query(`INSERT INTO ${table} (id, organisation_id, name) VALUES ($1, $2, $3)`, [
      id,
      ctx.organisationId,
      name,
    ]);
    ids.push(id);
  }
  return ids;
}

async function idsByName(ctx: OrganisationContext, table: string) {
  const { rows } = await ctx.db.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${table} WHERE organisation_id = $1`,
    [ctx.organisationId],
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * Materials, rate sets and forms, and four projects of the demo clients (three from library
 * templates, three on demo sites) with the demo manager and operative as members. Runs inside
 * the demo seed's transaction, after its clients, sites and people exist.
 */
export async function seedDemoProjects(
  ctx: OrganisationContext,
  people: { managerId: string; operativeId: string },
) {
  const materialIds = await insertNamed(ctx, 'materials', MATERIALS);
  const rateSetIds = await insertNamed(ctx, 'rate_sets', RATE_SETS);
  await insertNamed(ctx, 'forms', FORMS);
  const clients = await idsByName(ctx, 'clients');
  const sites = await idsByName(ctx, 'sites');
  const projects = writer(projectsResource);

  for (const [index, project] of PROJECTS.entries()) {
    const body = projectCreateSchema.parse({
      name: project.name,
      reference: project.reference,
      client_id: clients.get(project.client) ?? null,
      site_id: project.site ? (sites.get(project.site) ?? null) : null,
      package: project.package,
      developer: project.developer,
      library_project_template_id: project.library_project_template_id,
      approvals_enabled: project.approvals_enabled,
      default_rate_set_ids: project.withCatalogue ? [rateSetIds[0]] : undefined,
    });
    const [id] = await projects.insert(ctx, [body]);
    if (project.withCatalogue) {
      await insertRows(
        ctx,
        'project_materials',
        { column: 'project_id', id: id! },
        ['material_id', 'order'],
        materialIds.slice(0, 3).map((material_id, order) => ({ material_id, order })),
      );
    }
    // The manager may edit the first project's people; both start jobs on the first three.
    if (index < 3) {
      await projectMembers.add(ctx, id!, { user_ids: [people.operativeId] });
      await projectMembers.add(ctx, id!, {
        user_ids: [people.managerId],
        can_edit: index === 0,
      });
    }
  }
}
