import type { OrganisationContext } from '../../platform/http/context';

export type Owner = 'project_id' | 'project_template_id';
export const OWNERS: Record<Owner, { table: string; live: string; label: string; path: string }> = {
  project_id: {
    table: 'projects',
    live: 'o.deleted_at IS NULL',
    label: 'Project',
    path: 'project',
  },
  project_template_id: {
    table: 'project_templates',
    live: 'TRUE',
    label: 'Project template',
    path: 'project_template',
  },
};

/**
 * Adds materials to the end of the lists of the given owners (every live project or template of
 * the organisation when `ownerIds` is null), skipping those already there: one statement.
 */
export async function addToAll(
  ctx: OrganisationContext,
  owner: Owner,
  materialIds: string[],
  ownerIds: string[] | null = null,
) {
  const { table, live } = OWNERS[owner];
  await ctx.db.query(
    `INSERT INTO project_materials (id, organisation_id, ${owner}, material_id, "order")
     SELECT substr(md5(random()::text || o.id || m.id), 1, 24), o.organisation_id, o.id, m.id,
            (SELECT coalesce(max("order") + 1, 0) FROM project_materials pm
              WHERE pm.organisation_id = $1 AND pm.${owner} = o.id)
              + row_number() OVER (PARTITION BY o.id ORDER BY m.ord) - 1
       FROM ${table} o
       JOIN unnest($2::text[]) WITH ORDINALITY AS m (id, ord) ON TRUE
      WHERE o.organisation_id = $1 AND ${live} AND ($3::text[] IS NULL OR o.id = ANY($3::text[]))
        AND NOT EXISTS (SELECT 1 FROM project_materials pm
              WHERE pm.organisation_id = $1 AND pm.${owner} = o.id AND pm.material_id = m.id)`,
    [ctx.organisationId, materialIds, ownerIds],
  );
}
