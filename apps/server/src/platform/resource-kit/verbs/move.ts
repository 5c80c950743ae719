import { idSchema, idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { RouteDef } from '../../http/route';
import type { OrganisationContext } from '../../http/context';
import { bulkResult, type VerbKit } from './kit';
import { placer } from './place';
import { targetIndex } from './reorder';

/**
 * POST|PUT /{name}/{id}/move and /{name}/move_many: a new parent, e.g. a level's block; an ordered
 * resource's rows go to `index` among the new parent's children (default: the end), the siblings
 * shifted in the same transaction.
 */
export function moveRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write } = kit;
  const parent = declaration.parent;
  if (!parent) return [];
  const column = parent.column;
  const ordered = declaration.order?.groupBy?.includes(column) ? placer(declaration) : null;
  const target = z.object({ [column]: idSchema, ...(ordered ? { index: targetIndex } : {}) });
  const move = async (ctx: OrganisationContext, ids: string[], body: Record<string, unknown>) => {
    const parentId = String(body[column]);
    if (!ordered) return write.move(ctx, ids, parentId);
    await write.checkReferences(ctx, [{ [column]: parentId }]);
    const index = typeof body.index === 'number' ? body.index : Number.MAX_SAFE_INTEGER;
    return ordered(ctx, ids, index, 'MOVE', { [column]: parentId });
  };
  const routes: RouteDef[] = [];
  if (kit.has('move')) {
    routes.push(
      ...kit.writeRoutes(
        ['POST', 'PUT'],
        {
          path: `${kit.basePath}/:id/move`,
          summary: `Move a ${declaration.label.toLowerCase()} under another ${parent.label.toLowerCase()} (body: {${column}})`,
          params: kit.idParams,
          body: target,
          response: kit.one,
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, [params.id], 'move');
            if (own.failed[0]) throw kit.fail(own.failed[0], 422);
            const { done } = await move(ctx, [params.id], body);
            if (!done.length) throw notFound(declaration.label);
            return { data: await kit.loadOne(ctx, params.id, parentId) };
          },
        },
        'move',
      ),
    );
  }
  if (kit.has('move_many')) {
    routes.push(
      ...kit.writeRoutes(
        ['POST', 'PUT'],
        {
          path: `${kit.basePath}/move_many`,
          summary: `Move several ${declaration.name} (body: {ids, ${column}})`,
          params: kit.collectionParams,
          body: idsBodySchema.extend(target.shape),
          response: bulkResult('moved'),
          handler: async (ctx, { params, body }) => {
            const { ids, ...rest } = body as { ids: string[] } & Record<string, unknown>;
            const own = await kit.allowed(ctx, await kit.parentOf(ctx, params), ids, 'move');
            const { done, failed } = await move(ctx, own.ids, rest);
            return { moved: done, failed: [...own.failed, ...failed] };
          },
        },
        'move',
      ),
    );
  }
  return routes;
}
