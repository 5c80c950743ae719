import type { OrganisationContext } from '../http/context';
import type { ParsedListQuery } from '../list-query/parse';
import type { ResourceDeclaration, Row } from './declaration';
import type { Params } from './sql';
import { all } from './read/all';
import { checkQuery } from './read/check';
import { count } from './read/count';
import { expandRows } from './read/expand-rows';
import { findMany } from './read/find-many';
import { firstSql } from './read/first';
import { list } from './read/list';
import { matchingIds } from './read/matching-ids';
import { readScope } from './read/scope';
import { streamList } from './read/stream-list';
import { streamRows } from './read/stream-rows';
import { visibleIds } from './read/visible-ids';

/**
 * Scoped reads of one declared resource: every statement is bound to ctx.organisationId. Each
 * verb is a file of read/, given the scope built here once.
 */
export function reader(declaration: ResourceDeclaration) {
  const scope = readScope(declaration);
  return {
    all: (ctx: OrganisationContext, filters?: Record<string, string[]>) => all(scope, ctx, filters),
    collectionPermissions: scope.collection,
    findMany: (ctx: OrganisationContext, ids: string[], options?: { withDeleted?: boolean }) =>
      findMany(scope, ctx, ids, options),
    checkQuery: (
      ctx: OrganisationContext,
      query: Pick<ParsedListQuery, 'filters' | 'sort' | 'sum' | 'expand'>,
    ) => checkQuery(declaration, ctx, query),
    count: (ctx: OrganisationContext, query: Pick<ParsedListQuery, 'filters'>) =>
      count(scope, ctx, query),
    expandRows: (ctx: OrganisationContext, rows: Row[], names: string[]) =>
      expandRows(declaration, ctx, rows, names),
    firstSql: (
      ctx: OrganisationContext,
      query: Pick<ParsedListQuery, 'filters' | 'sort'>,
      options: { limit: number; fields: readonly string[]; params: Params },
    ) => firstSql(scope, ctx, query, options),
    list: (ctx: OrganisationContext, query: ParsedListQuery) => list(scope, ctx, query),
    matchingIds: (ctx: OrganisationContext, query: Pick<ParsedListQuery, 'filters' | 'sort'>) =>
      matchingIds(scope, ctx, query),
    streamRows: (ctx: OrganisationContext, query: ParsedListQuery) => streamRows(scope, ctx, query),
    streamList: (ctx: OrganisationContext, query: ParsedListQuery) => streamList(scope, ctx, query),
    visibleIds: (ctx: OrganisationContext, ids: readonly string[]) => visibleIds(scope, ctx, ids),
  };
}

export type Reader = ReturnType<typeof reader>;
