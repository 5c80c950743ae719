import { idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import type { RouteDef } from '../../http/route';
import { bulkResult, type VerbKit } from './kit';
import { placer } from './place';

/** Where listed rows go among their siblings (default 0: first), the others kept around them. */
export const targetIndex = z.number().int().min(0).optional();

/**
 * POST|PUT /{name}/reorder (and reorder_many): the body's ids in their new order, at `index` of
 * their sibling group (default first), the siblings shifted around them. Reordering is
 * an update of each record: the policy's `update` entry decides who may (e.g. a record rule
 * letting operatives reorder their own photos), and ids the caller may not update fail.
 */
export function reorderRoutes(kit: VerbKit): RouteDef[] {
  const { declaration } = kit;
  if (!kit.has('reorder') || !declaration.order) return [];
  const place = placer(declaration);
  return [`${kit.basePath}/reorder`, `${kit.basePath}/reorder_many`].flatMap((path) =>
    kit.writeRoutes(
      ['POST', 'PUT'],
      {
        path,
        summary: `Reorder ${declaration.name}: body ids in their new order`,
        params: kit.collectionParams,
        body: idsBodySchema.extend({ index: targetIndex }),
        response: bulkResult('reordered'),
        handler: async (ctx, { params, body }) => {
          const parentId = await kit.parentOf(ctx, params);
          const own = await kit.allowed(ctx, parentId, body.ids, 'update');
          const { done, failed } = await place(ctx, own.ids, body.index ?? 0);
          return { reordered: done, failed: [...own.failed, ...failed] };
        },
      },
      'update',
    ),
  );
}
