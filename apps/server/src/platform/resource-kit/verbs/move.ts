import { idSchema, idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { RouteDef } from '../../http/route';
import { bulkResult, type VerbKit } from './kit';

/** POST|PUT /{name}/{id}/move and /{name}/move_many: a new parent, e.g. a level's block. */
export function moveRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write } = kit;
  const parent = declaration.parent;
  if (!parent) return [];
  const column = parent.column;
  const target = z.object({ [column]: idSchema });
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
            const { done } = await write.move(ctx, [params.id], body[column]!);
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
            const { ids, ...rest } = body as { ids: string[] } & Record<string, string>;
            const own = await kit.allowed(ctx, await kit.parentOf(ctx, params), ids, 'move');
            const { done, failed } = await write.move(ctx, own.ids, rest[column]!);
            return { moved: done, failed: [...own.failed, ...failed] };
          },
        },
        'move',
      ),
    );
  }
  return routes;
}
