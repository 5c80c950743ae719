import { idsBodySchema } from '@fieldwork/contract';
import type { RouteDef } from '../../http/route';
import { bulkResult, type VerbKit } from './kit';

/** POST|PUT /{name}/reorder (and reorder_many): the body's ids in their new order. */
export function reorderRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write } = kit;
  if (!kit.has('reorder') || !declaration.order) return [];
  return [`${kit.basePath}/reorder`, `${kit.basePath}/reorder_many`].flatMap((path) =>
    kit.writeRoutes(['POST', 'PUT'], {
      path,
      summary: `Reorder ${declaration.name}: body ids in their new order`,
      params: kit.collectionParams,
      body: idsBodySchema,
      response: bulkResult('reordered'),
      handler: async (ctx, { params, body }) => {
        const own = await kit.within(ctx, await kit.parentOf(ctx, params), body.ids);
        const { done, failed } = await write.reorder(ctx, own.ids);
        return { reordered: done, failed: [...own.failed, ...failed] };
      },
    }),
  );
}
