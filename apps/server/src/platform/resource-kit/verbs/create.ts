import { z } from 'zod';
import { fromZodError } from '../../errors';
import type { RouteDef } from '../../http/route';
import { filesOf } from '../files';
import type { VerbKit } from './kit';

/** POST /{name} and POST /{name}/create_many (all or nothing, inserted as one set). */
export function createRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write, read } = kit;
  const routes: RouteDef[] = [];
  const files = filesOf(declaration);
  if (kit.has('create')) {
    routes.push(
      ...kit.writeRoutes(['POST'], {
        path: kit.basePath,
        summary: `Create a ${declaration.label.toLowerCase()}`,
        params: kit.collectionParams,
        body: files ? declaration.create.extend(files.bodyShape) : declaration.create,
        ...(files ? { multipart: true } : {}),
        status: 201,
        response: kit.one,
        handler: async (ctx, { params, body }) => {
          const parentId = await kit.parentOf(ctx, params);
          const values = files ? await files.withUploads(ctx, body, null) : body;
          const [id] = await write.insert(ctx, [kit.assign(values, parentId)]);
          return { data: await kit.loadOne(ctx, id!, parentId) };
        },
      }),
    );
  }
  if (kit.has('create_many')) {
    routes.push(
      ...kit.writeRoutes(['POST'], {
        path: `${kit.basePath}/create_many`,
        summary: `Create several ${declaration.name} at once (all or nothing)`,
        params: kit.collectionParams,
        body: z.union([z.array(z.unknown()), z.object({ data: z.array(z.unknown()) })]),
        status: 201,
        response: kit.many,
        handler: async (ctx, { params, body }) => {
          const parentId = await kit.parentOf(ctx, params);
          const items = Array.isArray(body) ? body : body.data;
          const parsed = z.array(declaration.create).min(1).max(1000).safeParse(items);
          if (!parsed.success) throw fromZodError(parsed.error, 'data');
          const values = parsed.data.map((item) => kit.assign(item, parentId));
          const ids = await write.insert(ctx, values, 'data');
          return { data: await read.findMany(ctx, ids) };
        },
      }),
    );
  }
  return routes;
}
