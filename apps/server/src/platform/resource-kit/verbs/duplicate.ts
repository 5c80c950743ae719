import { bulkFailureSchema, idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { RouteDef } from '../../http/route';
import type { VerbKit } from './kit';

/** POST /{name}/{id}/duplicate and /{name}/duplicate_many. */
export function duplicateRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write, read } = kit;
  const routes: RouteDef[] = [];
  const copyBody = declaration.copy?.body;
  if (kit.has('duplicate')) {
    routes.push(
      ...kit.writeRoutes(
        ['POST'],
        {
          path: `${kit.basePath}/:id/duplicate`,
          summary: `Duplicate a ${declaration.label.toLowerCase()}`,
          params: kit.idParams,
          ...(copyBody ? { body: copyBody.optional() } : {}),
          status: 201,
          response: kit.one,
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, [params.id], 'duplicate');
            if (own.failed[0]) throw kit.fail(own.failed[0], 422);
            const given = body ?? {};
            const { created } = await write.duplicate(ctx, [params.id], given);
            const copy = created.get(params.id);
            if (!copy) throw notFound(declaration.label);
            return { data: await kit.loadOne(ctx, copy, parentId) };
          },
        },
        'duplicate',
      ),
    );
  }
  if (kit.has('duplicate_many')) {
    routes.push(
      ...kit.writeRoutes(
        ['POST'],
        {
          path: `${kit.basePath}/duplicate_many`,
          summary: `Duplicate several ${declaration.name}`,
          params: kit.collectionParams,
          body: idsBodySchema,
          status: 201,
          response: z.object({
            data: z.array(declaration.record),
            failed: z.array(bulkFailureSchema),
          }),
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, body.ids, 'duplicate');
            const { created, failed } = await write.duplicate(ctx, own.ids);
            return {
              data: await read.findMany(ctx, [...created.values()]),
              failed: [...own.failed, ...failed],
            };
          },
        },
        'duplicate',
      ),
    );
  }
  return routes;
}
