import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { recordAudit } from '../../platform/audit';
import { quote } from '../../platform/resource-kit';
import { copyConfiguration, type Owner } from './copy-configuration';
import { SETTINGS_COLUMNS } from './sources';

const PROJECT_COLUMNS = [
  'client_id',
  'owner_id',
  'reference',
  'package',
  'developer',
  'site_address',
  'site_id',
  'project_template_id',
  ...SETTINGS_COLUMNS,
];
const TEMPLATE_COLUMNS = ['description', ...SETTINGS_COLUMNS];

/**
 * Copies a project or template: its settings, configuration lists and (projects) members; never
 * its work records. Answers the copy's id, or null when the original is not found.
 */
export async function duplicateOwner(
  ctx: OrganisationContext,
  from: Owner,
  overrides: { name?: string; client_id?: string | null },
): Promise<string | null> {
  const project = from.column === 'project_id';
  const table = project ? 'projects' : 'project_templates';
  const columns = project ? PROJECT_COLUMNS : TEMPLATE_COLUMNS;
  const id = newId();
  const params: unknown[] = [ctx.organisationId, from.id, id, overrides.name ?? null];
  const select = columns.map((column) => {
    if (column !== 'client_id' || overrides.client_id === undefined) return `t.${quote(column)}`;
    params.push(overrides.client_id);
    return `$${params.length}::text`;
  });
  const { rows } = await ctx.db.query(
    `INSERT INTO ${table} (id, organisation_id, name, ${columns.map(quote).join(', ')})
     SELECT $3, t.organisation_id, coalesce($4::text, t.name || ' (copy)'), ${select.join(', ')}
       FROM ${table} t
      WHERE t.organisation_id = $1 AND t.id = $2${project ? ' AND t.deleted_at IS NULL' : ''}
     RETURNING id`,
    params,
  );
  if (!rows[0]) return null;
  await copyConfiguration(ctx, from, { column: from.column, id });
  if (project) {
    await ctx.db.query(
      `INSERT INTO project_members (organisation_id, project_id, user_id, can_start_jobs, can_edit)
       SELECT organisation_id, $3, user_id, can_start_jobs, can_edit FROM project_members
        WHERE organisation_id = $1 AND project_id = $2`,
      [ctx.organisationId, from.id, id],
    );
  }
  await recordAudit(ctx, table, [id], 'DUPLICATE', { from: from.id });
  return id;
}
