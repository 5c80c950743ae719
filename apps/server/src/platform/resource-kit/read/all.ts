import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { Row } from '../declaration';
import type { ReadScope } from './scope';
import { streamRows } from './stream-rows';

/** Every match of plain filters, in list order: a whole list read inside a request. */
export async function all(
  scope: ReadScope,
  ctx: OrganisationContext,
  filters: Record<string, string[]> = {},
) {
  const query: ParsedListQuery = {
    filters: new Map(Object.entries(filters)),
    expand: [],
    sort: [],
    page: { all: true },
    withIds: false,
    sum: [],
  };
  const rows: Row[] = [];
  for await (const chunk of streamRows(scope, ctx, query)) rows.push(...chunk);
  return rows;
}
