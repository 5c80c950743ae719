import {
  bulkFailureSchema,
  idSchema,
  idsBodySchema,
  levelMoveSchema,
  levelSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { notFoundReason } from '../../platform/resource-kit';
import { assertLiveBlock, levelsResource } from './levels.resource';

/**
 * Moves live levels into a live block, after its last level, in the order given. Levels already
 * in that block stay where they are. Answers which ids moved and why the others did not.
 */
export async function moveLevels(ctx: OrganisationContext, requested: string[], blockId: string) {
  await assertLiveBlock(ctx, blockId);
  const ids = [...new Set(requested)];
  const { rows } = await ctx.db.query<{ id: string; block_id: string }>(
    `SELECT id, block_id FROM levels WHERE organisation_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL`,
    [ctx.organisationId, ids],
  );
  const found = new Map(rows.map((row) => [row.id, row.block_id]));
  const moving = ids.filter((id) => found.has(id) && found.get(id) !== blockId);
  if (moving.length) {
    const before = await readBeforeImages(ctx, 'levels', moving);
    await ctx.db.query(
      `UPDATE levels t
          SET block_id = $3, updated_at = now(),
              "order" = (SELECT coalesce(max(l."order") + 1, 0) FROM levels l
                          WHERE l.organisation_id = $1 AND l.block_id = $3) + m.position - 1
         FROM unnest($2::text[]) WITH ORDINALITY AS m (id, position)
        WHERE t.organisation_id = $1 AND t.id = m.id`,
      [ctx.organisationId, moving, blockId],
    );
    await recordAudit(ctx, 'levels', moving, 'MOVE', { block_id: blockId }, before);
  }
  return {
    moved: ids.filter((id) => found.has(id)),
    failed: ids.filter((id) => !found.has(id)).map((id) => ({ id, ...notFoundReason('Level') })),
  };
}

const read = reader(levelsResource);
const common = {
  access: 'organisation' as const,
  minRole: levelsResource.access.write,
  tags: ['Level'],
};

/** /levels/{id}/move and /levels/move_many (body block_id), as POST or PUT like the kit's. */
export function levelMoveRoutes(): RouteDef[] {
  return (['POST', 'PUT'] as const).flatMap((method) => [
    route({
      ...common,
      method,
      path: '/levels/:id/move',
      summary: 'Move a level into another block, after its last level (body: {block_id})',
      params: z.object({ id: idSchema }),
      body: levelMoveSchema,
      response: z.object({ data: levelSchema }),
      handler: async (ctx, { params, body }) => {
        const { moved } = await moveLevels(ctx, [params.id], body.block_id);
        const [level] = moved.length ? await read.findMany(ctx, moved) : [];
        if (!level) throw notFound('Level');
        return { data: level };
      },
    }),
    route({
      ...common,
      method,
      path: '/levels/move_many',
      summary: 'Move several levels into a block, in the order given (body: {ids, block_id})',
      body: idsBodySchema.extend(levelMoveSchema.shape),
      response: z.object({ moved: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
      handler: async (ctx, { body }) => moveLevels(ctx, body.ids, body.block_id),
    }),
  ]);
}
