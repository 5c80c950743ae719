import { levelCreateSchema, levelSchema, levelUpdateSchema } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  RESTORE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { belongsTo } from '../../platform/resource-kit';
import { blocksResource } from './blocks.resource';
import { inUseReasons, type Usage } from './in-use';

/** What keeps a level in use: its live drawings (the locations on a level are on its drawings). */
export const LEVEL_USAGES: Usage[] = [
  { table: 'drawings', column: 'level_id', noun: ['drawing', 'drawings'] },
];

/** A block that levels may be added to or moved into: a live block of this organisation. */
export async function assertLiveBlock(ctx: OrganisationContext, blockId: string) {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM blocks WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [ctx.organisationId, blockId],
  );
  if (!rows.length) {
    throw validationFailure([
      { field: 'block_id', message: 'Block not found.', code: 'not_found' },
    ]);
  }
}

export const levelsResource: ResourceDeclaration = defineResource({
  name: 'levels',
  label: 'Level',
  table: 'levels',
  record: levelSchema,
  create: levelCreateSchema,
  update: levelUpdateSchema,
  fields: {
    block_id: { type: 'id', filter: true },
    name: { type: 'text', filter: true, sort: true },
    order: { type: 'integer', sort: true },
    deleted_at: { type: 'timestamp', sort: true },
  },
  references: { block_id: { table: 'blocks', label: 'Block', live: 'deleted_at IS NULL' } },
  expand: { block: belongsTo(() => blocksResource, 'block_id') },
  search: ['name'],
  defaultSort: 'order',
  order: { column: 'order', groupBy: ['block_id'] },
  verbs: [...CRUD_VERBS, ...RESTORE_VERBS, 'reorder'],
  softDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    async beforeWrite(ctx, values, existing) {
      if (!existing) await assertLiveBlock(ctx, values.block_id as string);
      return values;
    },
    deleteBlockers: (ctx, ids) => inUseReasons(ctx, ids, 'Level', LEVEL_USAGES),
  },
});
