import { MAX_PAGE_SIZE, type ListResponse } from '@fieldwork/contract';
import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { Row } from '../declaration';
import { listStatements, TOTAL_COLUMN } from '../sql';
import { checkExpand } from './check';
import { expandRows } from './expand-rows';
import { matchingIds } from './matching-ids';
import type { ReadScope } from './scope';

/** Above this many matches a search's page reads rows in list order (measured: docs/benchmarks.md). */
const SEARCH_IDS_MAX_MATCHES = 1000;

/** One page of matches with the meta envelope; page=all goes through streamList instead. */
export async function list(
  scope: ReadScope,
  ctx: OrganisationContext,
  query: ParsedListQuery,
): Promise<ListResponse<Row>> {
  const { declaration } = scope;
  checkExpand(declaration, query.expand);
  const page = query.page.all ? { number: 1, size: MAX_PAGE_SIZE } : query.page;
  const { rows, total, totals } = await pageAndTotal(scope, ctx, query, page);
  const data = await expandRows(declaration, ctx, await scope.presentAll(ctx, rows), query.expand);
  const response: ListResponse<Row> = {
    data,
    meta: {
      total,
      current_page: page.number,
      per_page: page.size,
      last_page: Math.max(1, Math.ceil(total / page.size)),
      permissions: scope.collection(ctx),
    },
  };
  if (query.withIds) response.ids = await matchingIds(scope, ctx, query);
  if (query.sum.length) {
    const { __total: _, ...sumValues } = totals ?? {};
    response.sums = sumValues;
  }
  return response;
}

/**
 * The page's rows and the number of matches: in one statement where it can (no sums, no
 * search), else the count (and sums) first, then the page.
 */
async function pageAndTotal(
  { declaration }: ReadScope,
  ctx: OrganisationContext,
  query: ParsedListQuery,
  page: { number: number; size: number },
): Promise<{ rows: Row[]; total: number; totals?: Record<string, number> }> {
  const statements = listStatements(declaration, query, ctx, page);
  const combined = query.filters.has('search') ? undefined : statements.pageWithTotal;
  if (combined) {
    const { rows } = await ctx.db.query<Row>(combined.text, combined.values);
    // An empty page beyond the first says nothing about the matches before it: count them.
    if (!rows.length && page.number > 1) {
      const counted = await ctx.db.query<Record<string, number>>(
        statements.count.text,
        statements.count.values,
      );
      return { rows, total: counted.rows[0]?.__total ?? 0 };
    }
    const total = Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
    for (const row of rows) delete row[TOTAL_COLUMN];
    return { rows, total };
  }
  const counted = await ctx.db.query<Record<string, number>>(
    statements.count.text,
    statements.count.values,
  );
  const total = counted.rows[0]?.__total ?? 0;
  // A search matching many rows fills its page sooner by reading rows in list order than by
  // collecting every match first (see SearchMatch).
  const pageStatement =
    query.filters.has('search') && total > SEARCH_IDS_MAX_MATCHES
      ? listStatements(declaration, query, ctx, page, 'scan').page
      : statements.page;
  const { rows } = await ctx.db.query<Row>(pageStatement.text, pageStatement.values);
  return { rows, total, totals: counted.rows[0] };
}
