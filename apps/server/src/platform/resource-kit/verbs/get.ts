import type { RouteDef } from '../../http/route';
import { parseListQuery } from '../../list-query/parse';
import type { VerbKit } from './kit';

/** GET /{name}/{id}, with expand[]. */
export function getRoutes(kit: VerbKit): RouteDef[] {
  if (!kit.has('get')) return [];
  const { declaration } = kit;
  const expands = Object.keys(declaration.expand ?? {});
  return [
    kit.readRoute({
      path: `${kit.basePath}/:id`,
      summary: `Get one ${declaration.label.toLowerCase()}`,
      params: kit.idParams,
      list: { filters: [], sorts: [], sums: [], expands },
      response: kit.one,
      handler: async (ctx, { params, search }) => {
        const parentId = await kit.parentOf(ctx, params);
        const { expand } = parseListQuery(search);
        return { data: await kit.loadOne(ctx, params.id, parentId, expand) };
      },
    }),
  ];
}
