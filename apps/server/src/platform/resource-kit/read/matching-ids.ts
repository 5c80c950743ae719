import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import { keySql, orderClause, Params, whereClause } from '../sql';
import type { ReadScope } from './scope';

/** Every match's id (its key), in list order. */
export async function matchingIds(
  { declaration, from }: ReadScope,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters' | 'sort'>,
) {
  const params = new Params();
  const where = whereClause(declaration, query, params, ctx);
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT ${keySql(declaration)} AS id FROM ${from} WHERE ${where} ORDER BY ${orderClause(declaration, query)}`,
    params.values,
  );
  return rows.map((row) => row.id);
}
