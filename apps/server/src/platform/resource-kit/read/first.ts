import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { Row } from '../declaration';
import { listStatements } from '../sql';
import type { ReadScope } from './scope';

/**
 * The first `limit` matches in list order, presented: one statement, no count, for a caller that
 * shows a few rows and never a total (GET /search's sections).
 */
export async function first(
  { declaration, presentAll }: ReadScope,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters' | 'sort'>,
  limit: number,
): Promise<Row[]> {
  const { page } = listStatements(declaration, { ...query, sum: [] }, ctx, {
    number: 1,
    size: limit,
  });
  const { rows } = await ctx.db.query<Row>(page.text, page.values);
  return presentAll(ctx, rows);
}
