import { idSchema, idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound, validationFailure } from '../../errors';
import { quote } from '../sql';
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
  const names = parent.moveBody ?? { parent: column, index: 'index' };
  const ordered = declaration.order?.groupBy?.includes(column) ? placer(declaration) : null;
  const target = z.object({
    [names.parent]: parent.topLevel ? idSchema.nullable() : idSchema,
    ...(ordered ? { [names.index]: targetIndex } : {}),
  });
  // Served under a grandparent (a field under a form's section): the new parent must be the
  // same grandparent's (a section of the same form), else a 422 naming the body's field.
  const scope = kit.scope;
  const under = scope?.column === column ? scope.under : undefined;
  const checkUnder = async (ctx: OrganisationContext, params: unknown, parentId: string) => {
    if (!scope || !under) return;
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM ${scope.table} p WHERE p.organisation_id = $1 AND p.id = $2
          AND p.${quote(under.column)} = $3`,
      [ctx.organisationId, parentId, (params as Record<string, string>)[under.param]],
    );
    if (!rows[0])
      throw validationFailure([
        {
          field: names.parent,
          message: `Must be a ${scope.label.toLowerCase()} of this ${under.label.toLowerCase()}.`,
          code: 'not_found',
        },
      ]);
  };
  const move = async (
    ctx: OrganisationContext,
    params: unknown,
    ids: string[],
    body: Record<string, unknown>,
  ) => {
    const parentId = body[names.parent] === null ? null : String(body[names.parent]);
    // The plan step: the items that may not go there are answered with their reasons.
    const refusals = parent.planMove
      ? await parent.planMove(ctx, ids, parentId)
      : new Map<string, { reason: string; code: string }>();
    const refused = [...refusals].map(([id, refusal]) => ({ id, ...refusal }));
    const moving = ids.filter((id) => !refusals.has(id));
    if (!moving.length) return { done: [] as string[], failed: refused };
    if (parentId === null) {
      const result = await write.move(ctx, moving, null);
      return { done: result.done, failed: [...refused, ...result.failed] };
    }
    await checkUnder(ctx, params, parentId);
    if (!ordered) {
      const result = await write.move(ctx, moving, parentId);
      return { done: result.done, failed: [...refused, ...result.failed] };
    }
    await write.checkReferences(ctx, [{ [column]: parentId }]);
    const index = body[names.index];
    const result = await ordered(
      ctx,
      moving,
      typeof index === 'number' ? index : Number.MAX_SAFE_INTEGER,
      'MOVE',
      { [column]: parentId },
    );
    return { ...result, failed: [...refused, ...result.failed] };
  };
  const routes: RouteDef[] = [];
  if (kit.has('move')) {
    routes.push(
      ...kit.writeRoutes(
        ['POST', 'PUT'],
        {
          path: `${kit.basePath}/:id/move`,
          summary: `Move a ${declaration.label.toLowerCase()} under another ${parent.label.toLowerCase()} (body: {${names.parent}${ordered ? `, ${names.index}` : ''}})`,
          params: kit.idParams,
          body: target,
          response: kit.one,
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const own = await kit.allowed(ctx, parentId, [params.id], 'move');
            if (own.failed[0]) throw kit.fail(own.failed[0], 422);
            const { done, failed } = await move(ctx, params, [params.id], body);
            if (!done.length && failed[0] && failed[0].code !== 'not_found') {
              throw validationFailure([
                { field: names.parent, message: failed[0].reason, code: failed[0].code },
              ]);
            }
            if (!done.length) throw notFound(declaration.label);
            // A record moved out of the parent in its path is answered under its new one.
            const now = scope?.column === column ? String(body[names.parent]) : parentId;
            return { data: await kit.loadOne(ctx, params.id, now) };
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
          summary: `Move several ${declaration.name} (body: {ids, ${names.parent}})`,
          params: kit.collectionParams,
          body: idsBodySchema.extend(target.shape),
          response: bulkResult('moved'),
          handler: async (ctx, { params, body }) => {
            const { ids, ...rest } = body as { ids: string[] } & Record<string, unknown>;
            const own = await kit.allowed(ctx, await kit.parentOf(ctx, params), ids, 'move');
            const { done, failed } = await move(ctx, params, own.ids, rest);
            return { moved: done, failed: [...own.failed, ...failed] };
          },
        },
        'move',
      ),
    );
  }
  return routes;
}
