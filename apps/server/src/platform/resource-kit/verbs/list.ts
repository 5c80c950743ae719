import { StreamedBody, type RouteDef } from '../../http/route';
import { parseListQuery } from '../../list-query/parse';
import { filterNames, sortNames, sumNames } from '../sql';
import { listEnvelope, type VerbKit } from './kit';

/**
 * GET /{name}: the list grammar, a page at a time or page=all as a stream. The whole query is
 * checked before anything runs, so a streamed answer fails with the same 400 as a page.
 */
export function listRoute(
  kit: VerbKit,
  options: { path?: string; summary?: string; tags?: string[] } = {},
): RouteDef {
  const { declaration, read, scope } = kit;
  const def = kit.readRoute({
    path: options.path ?? kit.basePath,
    summary: options.summary ?? `List ${declaration.name}`,
    params: kit.collectionParams,
    list: {
      filters: filterNames(declaration),
      sorts: sortNames(declaration),
      expands: Object.keys(declaration.expand ?? {}),
      sums: sumNames(declaration),
    },
    response: listEnvelope(declaration.record),
    handler: async (ctx, { params, search }) => {
      const query = parseListQuery(search);
      read.checkQuery(ctx, query);
      const parentId = await kit.parentOf(ctx, params);
      if (scope) query.filters.set(scope.field ?? scope.column, [parentId!]);
      return query.page.all
        ? new StreamedBody('application/json; charset=utf-8', read.streamList(ctx, query))
        : read.list(ctx, query);
    },
  });
  return options.tags ? { ...def, tags: options.tags } : def;
}

export const listRoutes = (kit: VerbKit): RouteDef[] => (kit.has('list') ? [listRoute(kit)] : []);
