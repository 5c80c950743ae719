import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import { listStatements, type Params } from '../sql';
import type { ReadScope } from './scope';

/**
 * The first `limit` matches in list order, as a SELECT of their declared columns to nest in a
 * larger statement (its values added to `params`): no count, for a caller that shows a few rows
 * and never a total (GET /search's sections, one statement for every section).
 */
export function firstSql(
  { declaration }: ReadScope,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters' | 'sort'>,
  limit: number,
  params: Params,
): string {
  const page = { number: 1, size: limit };
  return listStatements(declaration, { ...query, sum: [] }, ctx, page, 'ids', params).page.text;
}
