import { badRequest } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { ResourceDeclaration } from '../declaration';
import { orderClause, Params, sumSelect, whereClause } from '../sql';

/** Unknown relations are a 400 before any work is done. */
export function checkExpand(declaration: ResourceDeclaration, names: string[]) {
  const unknown = names.find((name) => !declaration.expand?.[name]);
  if (unknown) {
    const known = Object.keys(declaration.expand ?? {}).join(', ') || 'none';
    throw badRequest(`Unknown expand "${unknown}". Expandable: ${known}.`, 'unknown_expand');
  }
}

/**
 * Every name and value of a list query checked before any work is done, so that a streamed
 * answer (page=all, select options) fails with the same 400 as a paged list, before its
 * headers are sent.
 */
export function checkQuery(
  declaration: ResourceDeclaration,
  ctx: OrganisationContext,
  query: Pick<ParsedListQuery, 'filters' | 'sort' | 'sum' | 'expand'>,
) {
  checkExpand(declaration, query.expand);
  whereClause(declaration, query, new Params(), ctx);
  orderClause(declaration, query);
  if (query.sum.length) sumSelect(declaration, query.sum);
}
