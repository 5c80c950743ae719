import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import type { RouteDef } from '../../http/route';
import { notFoundReason } from '../writer';
import { bulkResult, type VerbKit } from './kit';

/**
 * PUT|POST /{name}/update_many, body {ids, fields}: the same fields written onto every id, each
 * as its own update (its rules and audit entry), answered per id like the other bulk verbs. The
 * fields are the update body less what names one record (e.g. a name), as the entity says.
 */
export function updateManyRoutes(kit: VerbKit): RouteDef[] {
  if (!kit.has('update_many')) return [];
  const { declaration, read, write } = kit;
  const omitted = new Set(declaration.updateManyOmits ?? []);
  const shape = Object.fromEntries(
    Object.entries(declaration.update.shape).filter(([key]) => !omitted.has(key)),
  );
  const fields = z.object(shape).strict();
  return kit.writeRoutes(
    ['PUT', 'POST'],
    {
      path: `${kit.basePath}/update_many`,
      summary: `Write the same fields onto several ${declaration.name} (each its own update)`,
      params: kit.collectionParams,
      body: z.object({ ids: z.array(idSchema).min(1).max(1000), fields }).strict(),
      response: bulkResult('updated'),
      handler: async (ctx, { params, body }) => {
        const parentId = await kit.parentOf(ctx, params);
        const own = await kit.allowed(ctx, parentId, body.ids, 'update');
        const rows = await read.findMany(ctx, own.ids);
        for (const row of rows) await write.update(ctx, row, body.fields);
        const updated = new Set(rows.map((row) => row.id));
        const missing = [...new Set(body.ids)]
          .filter((id) => !updated.has(id) && !own.failed.some((failure) => failure.id === id))
          .map((id) => ({ id, ...notFoundReason(declaration.label) }));
        return { updated: [...updated], failed: [...own.failed, ...missing] };
      },
    },
    'update',
  );
}
