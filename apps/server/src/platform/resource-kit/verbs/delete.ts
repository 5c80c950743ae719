import { idsBodySchema } from '@fieldwork/contract';
import { badRequest, conflict, notFound } from '../../errors';
import type { RouteDef } from '../../http/route';
import { forceQuery, isForced } from '../force';
import { bulkResult, type VerbKit } from './kit';

/** DELETE /{name}/{id} and /{name}/delete_many, ?force=true where the declaration allows it. */
export function deleteRoutes(kit: VerbKit): RouteDef[] {
  const { declaration, write } = kit;
  const { label } = declaration;
  /** Whether ?force=true was asked for (its role is checked with the route's, via forceRole). */
  const forced = (value: string | undefined) => {
    if (!isForced(value)) return false;
    if (!declaration.forceDelete)
      throw badRequest(`${label} records cannot be force-deleted.`, 'force_not_supported');
    return true;
  };
  const forceRole = kit.policy.table.force_delete?.role;
  const routes: RouteDef[] = [];
  if (kit.has('delete')) {
    routes.push(
      ...kit.writeRoutes(
        ['DELETE'],
        {
          path: `${kit.basePath}/:id`,
          summary: `Delete a ${label.toLowerCase()}${declaration.forceDelete ? ' (?force=true deletes even when in use)' : ''}`,
          params: kit.idParams,
          query: forceQuery,
          forceRole,
          handler: async (ctx, { params, query }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, [params.id], 'delete');
            if (own.failed[0]) throw kit.fail(own.failed[0], 422);
            const { failed } = await write.remove(ctx, own.ids, forced(query.force));
            const failure = failed[0];
            if (failure?.code === 'not_found') throw notFound(label);
            if (failure) throw conflict(failure.reason, failure.code);
            return undefined;
          },
        },
        'delete',
      ),
    );
  }
  if (kit.has('delete_many')) {
    routes.push(
      ...kit.writeRoutes(
        ['DELETE', 'POST'],
        {
          path: `${kit.basePath}/delete_many`,
          summary: `Delete several ${declaration.name}; answers which were deleted and why others were not`,
          params: kit.collectionParams,
          query: forceQuery,
          forceRole,
          body: idsBodySchema,
          response: bulkResult('deleted'),
          handler: async (ctx, { params, body, query }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, body.ids, 'delete');
            const { deleted, failed } = await write.remove(ctx, own.ids, forced(query.force));
            return { deleted, failed: [...own.failed, ...failed] };
          },
        },
        'delete',
      ),
    );
  }
  return routes;
}
