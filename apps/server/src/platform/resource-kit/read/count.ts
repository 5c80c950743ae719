import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import { Params, sumSelect, whereClause } from '../sql';
import type { ReadScope } from './scope';

/** How many rows the caller sees match the filters: one count(*), no row read or presented. */
export async function count(
  { declaration, from }: ReadScope,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters'>,
): Promise<number> {
  const params = new Params();
  const where = whereClause(declaration, query, params, ctx);
  const { rows } = await ctx.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params.values,
  );
  return rows[0]?.total ?? 0;
}

/** The asked-for sums over every match. */
export async function sumsOf(
  { declaration, from }: ReadScope,
  ctx: OrganisationContext,
  query: ParsedListQuery,
) {
  const params = new Params();
  const where = whereClause(declaration, query, params, ctx);
  const { rows } = await ctx.db.query<Record<string, number>>(
    `SELECT ${sumSelect(declaration, query.sum)} FROM ${from} WHERE ${where}`,
    params.values,
  );
  return rows[0] ?? {};
}
