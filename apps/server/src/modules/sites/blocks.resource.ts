import { blockCreateSchema, blockSchema, blockUpdateSchema } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  isoTimestampSql,
  RESTORE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { belongsTo } from '../../platform/resource-kit';
import { sitesResource } from './sites.resource';

/** A block's live levels in order, built inside the page's own statement (no query per row). */
const LEVELS = `(SELECT coalesce(json_agg(json_build_object(
    'id', l.id, 'created_at', ${isoTimestampSql('l.created_at')}, 'updated_at', ${isoTimestampSql('l.updated_at')},
    'block_id', l.block_id, 'name', l.name, 'order', l."order", 'deleted_at', NULL
  ) ORDER BY l."order", l.id), '[]'::json)
  FROM levels l WHERE l.organisation_id = t.organisation_id AND l.block_id = t.id AND l.deleted_at IS NULL)`;

const invalid = (field: string, message: string) =>
  validationFailure([{ field, message, code: 'not_found' }]);

/**
 * The site a new block goes on: the one named, else the project's own. Both must be live
 * records of this organisation.
 */
export async function blockPlacement(
  ctx: OrganisationContext,
  projectId: string,
  siteId: string | null | undefined,
): Promise<{ project_id: string; site_id: string }> {
  const { rows } = await ctx.db.query<{ site_id: string | null }>(
    `SELECT site_id FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, projectId],
  );
  const project = rows[0];
  if (!project) throw invalid('project_id', 'Project not found.');
  const site = siteId ?? project.site_id;
  if (!site) {
    throw validationFailure([
      {
        field: 'site_id',
        message: 'The project has no site: name the site the block is on.',
        code: 'required',
      },
    ]);
  }
  const live = await ctx.db.query(
    `SELECT 1 FROM sites WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, site],
  );
  if (!live.rows.length) throw invalid('site_id', 'Site not found.');
  return { project_id: projectId, site_id: site };
}

export const blocksResource: ResourceDeclaration = defineResource({
  name: 'blocks',
  label: 'Block',
  table: 'blocks',
  record: blockSchema,
  create: blockCreateSchema,
  update: blockUpdateSchema,
  fields: {
    project_id: { type: 'id', filter: true },
    site_id: { type: 'id', filter: true },
    name: { type: 'text', filter: true, sort: true },
    order: { type: 'integer', sort: true },
    levels: { type: 'json', sql: LEVELS },
    deleted_at: { type: 'timestamp', sort: true },
  },
  references: {
    project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' },
    site_id: { table: 'sites', label: 'Site', live: 'deleted_at IS NULL' },
  },
  expand: { site: belongsTo(() => sitesResource, 'site_id') },
  search: ['name'],
  defaultSort: 'order',
  order: { column: 'order', groupBy: ['project_id', 'site_id'] },
  verbs: [...CRUD_VERBS, ...RESTORE_VERBS, 'reorder'],
  softDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    async beforeWrite(ctx, values, existing) {
      if (existing) return values;
      const placement = await blockPlacement(
        ctx,
        values.project_id as string,
        values.site_id as string | undefined,
      );
      return { ...values, ...placement };
    },
  },
});
