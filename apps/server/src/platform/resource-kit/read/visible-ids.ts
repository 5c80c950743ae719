import type { OrganisationContext } from '../../http/context';
import { keySql, Params, visibilitySql } from '../sql';
import type { ReadScope } from './scope';

/**
 * Which of `ids` the caller may see (the declaration's visibility, its parents' included), deleted
 * or not: a record moved to the trash is still news to whoever saw it. Live updates ask this
 * before telling a listener of a change (platform/live).
 */
export async function visibleIds(
  { declaration, from }: ReadScope,
  ctx: OrganisationContext,
  ids: readonly string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const params = new Params();
  const organisation = params.add(ctx.organisationId);
  const visibility = visibilitySql(declaration, ctx, params);
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT ${keySql(declaration)} AS id FROM ${from}
      WHERE t.organisation_id = ${organisation}${visibility}
        AND ${keySql(declaration)} = ANY(${params.add([...ids])}::text[])`,
    params.values,
  );
  return rows.map((row) => row.id);
}
