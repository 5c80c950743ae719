import { idsBodySchema } from '@fieldwork/contract';
import type { RouteDef } from '../../http/route';
import { bulkResult, type VerbKit } from './kit';

/**
 * POST|PUT /{name}/reorder (and reorder_many): the body's ids in their new order. Reordering is
 * an update of each record: the policy's `update` entry decides who may (e.g. a record rule
 * letting operatives reorder their own photos), and ids the caller may not update fail.
 */
export function reorderRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write } = kit;
  if (!kit.has('reorder') || !declaration.order) return [];
  return [`${kit.basePath}/reorder`, `${kit.basePath}/reorder_many`].flatMap((path) =>
    kit.writeRoutes(
      ['POST', 'PUT'],
      {
        path,
        summary: `Reorder ${declaration.name}: body ids in their new order`,
        params: kit.collectionParams,
        body: idsBodySchema,
        response: bulkResult('reordered'),
        handler: async (ctx, { params, body }) => {
          const parentId = await kit.parentOf(ctx, params);
          const own = await kit.allowed(ctx, parentId, body.ids, 'update');
          const { done, failed } = await write.reorder(ctx, own.ids);
          return { reordered: done, failed: [...own.failed, ...failed] };
        },
      },
      'update',
    ),
  );
}
