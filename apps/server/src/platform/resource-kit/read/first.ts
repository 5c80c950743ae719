import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import { orderClause, selectList, whereClause, type Params } from '../sql';
import type { ReadScope } from './scope';

/**
 * The first `limit` matches in list order, as a SELECT of the named fields to nest in a larger
 * statement (its values added to `params`): no count and only the fields asked for, for a
 * caller that shows a few rows and never a total (GET /search's sections, one statement for all).
 */
export function firstSql(
  { declaration }: ReadScope,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters' | 'sort'>,
  { limit, fields, params }: { limit: number; fields: readonly string[]; params: Params },
): string {
  const where = whereClause(declaration, query, params, ctx);
  return `SELECT ${selectList(declaration, fields)} FROM ${declaration.table} t
           WHERE ${where} ORDER BY ${orderClause(declaration, query)} LIMIT ${params.add(limit)}`;
}
