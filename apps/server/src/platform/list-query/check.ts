import { badRequest } from '../errors';
import type { ListDoc } from '../http/route';
import type { ParsedListQuery } from './parse';

const listed = (names: string[]) => names.join(', ') || 'none';

/**
 * Refuses a list query naming a filter, sort, expansion or sum its route does not declare, with
 * the resource kit's 400s, for the few lists served outside the kit (user-level lists such as
 * changelogs and API keys). Values are the route's to check.
 */
export function checkListQuery(query: ParsedListQuery, doc: ListDoc): void {
  const filter = [...query.filters.keys()].find((name) => !doc.filters.includes(name));
  if (filter !== undefined)
    throw badRequest(
      `Unknown filter "${filter}". Filters: ${listed(doc.filters)}.`,
      'unknown_filter',
    );
  const sort = query.sort.find((term) => !doc.sorts.includes(term.field));
  if (sort)
    throw badRequest(
      `Unknown sort field "${sort.field}". Sortable: ${listed(doc.sorts)}.`,
      'unknown_sort',
    );
  const expand = query.expand.find((name) => !doc.expands.includes(name));
  if (expand !== undefined)
    throw badRequest(
      `Unknown expand "${expand}". Expandable: ${listed(doc.expands)}.`,
      'unknown_expand',
    );
  const sum = query.sum.find((name) => !doc.sums.includes(name));
  if (sum !== undefined)
    throw badRequest(`Cannot sum "${sum}". Summable: ${listed(doc.sums)}.`, 'unknown_sum');
}
