import {
  bulkFailureSchema,
  idSchema,
  materialIdsBodySchema,
  type AuditAction,
  type BulkFailure,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { materialsResource } from './materials.resource';
import { addToAll, OWNERS, type Owner } from './owners';

async function removeFrom(
  ctx: OrganisationContext,
  owner: Owner,
  materialIds: string[],
  ownerId: string | null,
) {
  await ctx.db.query(
    `DELETE FROM project_materials WHERE organisation_id = $1 AND ${owner} IS NOT NULL
        AND material_id = ANY($2::text[]) AND ($3::text IS NULL OR ${owner} = $3)`,
    [ctx.organisationId, materialIds, ownerId],
  );
}

const materials = reader(materialsResource);

/** The ids the caller sees as materials; the rest fail as not found. */
async function visible(ctx: OrganisationContext, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await materials.findMany(ctx, unique);
  const found = new Set(rows.map((row) => row.id));
  const failed: BulkFailure[] = unique
    .filter((id) => !found.has(id))
    .map((id) => ({ id, reason: 'Material not found.', code: 'not_found' }));
  return { ids: unique.filter((id) => found.has(id)), failed };
}

async function requireOwner(ctx: OrganisationContext, owner: Owner, id: string) {
  const { table, live, label } = OWNERS[owner];
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM ${table} o WHERE o.organisation_id = $1 AND o.id = $2 AND ${live}`,
    [ctx.organisationId, id],
  );
  if (!rows[0]) throw notFound(label);
}

function linkRoute(
  verb: 'add' | 'remove',
  owner: Owner,
  all: boolean,
  audit: AuditAction,
): RouteDef {
  const { path, label } = OWNERS[owner];
  const segment = `${verb}_${verb === 'add' ? 'to' : 'from'}_${all ? `all_${path}s` : path}`;
  const past = verb === 'add' ? 'added' : 'removed';
  const body = all
    ? materialIdsBodySchema
    : materialIdsBodySchema.extend({ [owner]: idSchema }).strict();
  const what = all ? `every ${label.toLowerCase()}` : `a ${label.toLowerCase()}`;
  return route({
    method: 'POST',
    path: `/materials/${segment}`,
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Material'],
    summary:
      verb === 'add'
        ? `Add materials to ${what} (at the end of its list; those already there stay)`
        : `Remove materials from ${what}`,
    body,
    response: z.object({ [past]: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
    handler: async (ctx, { body: given }) => {
      const input = given as { ids: string[] } & Partial<Record<Owner, string>>;
      const ownerId = all ? null : input[owner]!;
      if (ownerId) await requireOwner(ctx, owner, ownerId);
      const { ids, failed } = await visible(ctx, input.ids);
      if (ids.length) {
        if (verb === 'add') await addToAll(ctx, owner, ids, ownerId ? [ownerId] : null);
        else await removeFrom(ctx, owner, ids, ownerId);
        await recordAudit(
          ctx,
          'materials',
          ids,
          audit,
          ownerId ? { [owner]: ownerId } : { all: true },
        );
      }
      return { [past]: ids, failed };
    },
  });
}

/** Materials onto (and off) one project or template, or all of them (field-work §7). */
export const materialProjectRoutes = (): RouteDef[] => [
  linkRoute('add', 'project_id', false, 'ADD_TO_PROJECTS'),
  linkRoute('remove', 'project_id', false, 'REMOVE_FROM_PROJECTS'),
  linkRoute('add', 'project_id', true, 'ADD_TO_PROJECTS'),
  linkRoute('remove', 'project_id', true, 'REMOVE_FROM_PROJECTS'),
  linkRoute('add', 'project_template_id', false, 'ADD_TO_PROJECT_TEMPLATES'),
  linkRoute('remove', 'project_template_id', false, 'REMOVE_FROM_PROJECT_TEMPLATES'),
  linkRoute('add', 'project_template_id', true, 'ADD_TO_PROJECT_TEMPLATES'),
  linkRoute('remove', 'project_template_id', true, 'REMOVE_FROM_PROJECT_TEMPLATES'),
];
