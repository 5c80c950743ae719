import { idsBodySchema, type BulkFailure } from '@fieldwork/contract';
import { notFound } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { RouteDef } from '../../http/route';
import { bulkResult, capitalised, type VerbKit } from './kit';

type Apply = (
  ctx: OrganisationContext,
  ids: string[],
) => Promise<{ done: string[]; failed: BulkFailure[] }>;

/** POST|PUT /{name}/{id}/{verb} and /{name}/{verb}_many for a verb that changes a state column. */
export function stateVerbRoutes(
  kit: VerbKit,
  verb: string,
  past: string,
  variants: { one: boolean; many: boolean },
  apply: Apply,
  action: string,
): RouteDef[] {
  const { declaration } = kit;
  const routes: RouteDef[] = [];
  if (variants.one)
    routes.push(
      ...kit.writeRoutes(
        ['POST', 'PUT'],
        {
          path: `${kit.basePath}/:id/${verb}`,
          summary: `${capitalised(verb)} a ${declaration.label.toLowerCase()}`,
          params: kit.idParams,
          response: kit.one,
          handler: async (ctx, { params }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, [params.id], action);
            if (own.failed[0]) throw kit.fail(own.failed[0], 422);
            const { done } = await apply(ctx, own.ids);
            if (!done.length) throw notFound(declaration.label);
            return { data: await kit.loadOne(ctx, params.id, parentId) };
          },
        },
        action,
      ),
    );
  if (variants.many)
    routes.push(
      ...kit.writeRoutes(
        ['POST', 'PUT'],
        {
          path: `${kit.basePath}/${verb}_many`,
          summary: `${capitalised(verb)} several ${declaration.name}`,
          params: kit.collectionParams,
          body: idsBodySchema,
          response: bulkResult(past),
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, body.ids, action);
            const { done, failed } = await apply(ctx, own.ids);
            return { [past]: done, failed: [...own.failed, ...failed] };
          },
        },
        action,
      ),
    );
  return routes;
}

/** archive and unarchive (one without the other would strand records), restore. */
export function stateRoutes(kit: VerbKit): RouteDef[] {
  const { write, has } = kit;
  const archiving = { one: has('archive'), many: has('archive_many') };
  return [
    ...stateVerbRoutes(kit, 'archive', 'archived', archiving, write.archive, 'archive'),
    ...stateVerbRoutes(kit, 'unarchive', 'unarchived', archiving, write.unarchive, 'archive'),
    ...stateVerbRoutes(
      kit,
      'restore',
      'restored',
      { one: has('restore'), many: has('restore_many') },
      write.restore,
      'restore',
    ),
  ];
}
