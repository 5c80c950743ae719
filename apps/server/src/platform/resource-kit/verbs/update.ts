import { notFound } from '../../errors';
import type { RouteDef } from '../../http/route';
import { filesOf } from '../files';
import type { VerbKit } from './kit';

/** PUT and PATCH /{name}/{id}: fields not sent stay as they are. */
export function updateRoutes(kit: VerbKit): RouteDef[] {
  if (!kit.has('update')) return [];
  const { declaration, read, write } = kit;
  const files = filesOf(declaration);
  return kit.writeRoutes(
    ['PUT', 'PATCH'],
    {
      path: `${kit.basePath}/:id`,
      summary: `Update a ${declaration.label.toLowerCase()} (fields not sent stay as they are)`,
      params: kit.idParams,
      body: files ? declaration.update.extend(files.bodyShape) : declaration.update,
      ...(files ? { multipart: true } : {}),
      response: kit.one,
      handler: async (ctx, { params, body }) => {
        const parentId = await kit.parentOf(ctx, params);
        const [existing] = await read.findMany(ctx, [params.id]);
        if (!existing || !kit.belongs(existing, parentId)) throw notFound(declaration.label);
        const { failed } = await kit.policy.permitted(ctx, 'update', [existing.id]);
        if (failed[0]) throw kit.fail(failed[0], 422);
        const values = files ? await files.withUploads(ctx, body ?? {}, existing.id) : body;
        await write.update(ctx, existing, values ?? {});
        return { data: await kit.loadOne(ctx, params.id, parentId) };
      },
    },
    'update',
  );
}
