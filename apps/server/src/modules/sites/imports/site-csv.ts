import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit';
import { defineImport, type RowIssue } from '../../../platform/imports/declaration';
import { newId } from '../../../platform/ids';
import { blockPlacement } from '../blocks.resource';

const cell = (label: string) =>
  z
    .string(`${label} is required`)
    .min(1, `${label} is required`)
    .max(255, 'At most 255 characters');

const row = z.object({ block: cell('Block'), level: cell('Level') });
type StructureRow = z.output<typeof row>;

const options = z.object({
  project_id: idSchema.describe('The project whose blocks and levels these are'),
  site_id: idSchema.optional().describe("The site they are on; the project's site when not given"),
});
type StructureOptions = z.output<typeof options>;

const fold = (name: string) => name.toLocaleLowerCase('en');

/**
 * site_csv: one site's structure for a project, a row per level. Blocks are created on first
 * mention in file order, or an existing live block of the same name (on that project and site) is
 * reused; levels are appended to their block in file order.
 */
export const siteCsvImport = defineImport<StructureRow, StructureOptions>({
  kind: 'site_csv',
  rowLabel: "a site's blocks and levels (one level per row)",
  collection: 'levels',
  tags: ['Block', 'Level'],
  minRole: 'MANAGER',
  columns: [
    { key: 'block', header: 'Block', example: 'Block A', required: true },
    { key: 'level', header: 'Level', example: 'Ground floor', required: true },
  ],
  row,
  options,
  duplicateKey: (item) => `${fold(item.block)}\u0000${fold(item.level)}`,
  duplicateField: 'level',
  async resolve(ctx, rows, { project_id, site_id }) {
    const placement = await blockPlacement(ctx, project_id, site_id);
    const { rows: blocks } = await ctx.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM blocks
        WHERE organisation_id = $1 AND project_id = $2 AND site_id = $3 AND deleted_at IS NULL
        ORDER BY "order", id`,
      [ctx.organisationId, placement.project_id, placement.site_id],
    );
    const existingBlocks = new Map<string, string>();
    for (const block of blocks)
      if (!existingBlocks.has(fold(block.name))) existingBlocks.set(fold(block.name), block.id);
    const { rows: levels } = await ctx.db.query<{ block_id: string; name: string }>(
      `SELECT block_id, name FROM levels
        WHERE organisation_id = $1 AND block_id = ANY($2::text[]) AND deleted_at IS NULL`,
      [ctx.organisationId, [...existingBlocks.values()]],
    );
    const existingLevels = new Set(
      levels.map((level) => `${level.block_id}\u0000${fold(level.name)}`),
    );

    const rejections = new Map<number, RowIssue[]>();
    const data = new Map<number, Record<string, unknown>>();
    for (const { line, value } of rows) {
      const blockId = existingBlocks.get(fold(value.block));
      data.set(line, { block_exists: Boolean(blockId) });
      if (blockId && existingLevels.has(`${blockId}\u0000${fold(value.level)}`)) {
        rejections.set(line, [
          {
            field: 'level',
            message: `Block "${value.block}" already has a level "${value.level}".`,
          },
        ]);
      }
    }

    async function write(): Promise<string[]> {
      const blockIds = new Map(existingBlocks);
      const newBlocks: Array<{ id: string; name: string }> = [];
      for (const { value } of rows) {
        if (blockIds.has(fold(value.block))) continue;
        const id = newId();
        blockIds.set(fold(value.block), id);
        newBlocks.push({ id, name: value.block });
      }
      if (newBlocks.length) {
        await ctx.db.query(
          `INSERT INTO blocks (id, organisation_id, project_id, site_id, name, "order")
           SELECT n.id, $1, $2, $3, n.name, base.next + n.position - 1
             FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS n (id, name, position),
                  (SELECT coalesce(max("order") + 1, 0) AS next FROM blocks
                    WHERE organisation_id = $1 AND project_id = $2 AND site_id = $3) base`,
          [
            ctx.organisationId,
            placement.project_id,
            placement.site_id,
            newBlocks.map((block) => block.id),
            newBlocks.map((block) => block.name),
          ],
        );
        await recordAudit(
          ctx,
          'blocks',
          newBlocks.map((block) => block.id),
          'CREATE',
        );
      }
      const newLevels = rows.map(({ value }) => ({
        id: newId(),
        block_id: blockIds.get(fold(value.block))!,
        name: value.level,
      }));
      // each level goes after its block's last one, in file order
      await ctx.db.query(
        `INSERT INTO levels (id, organisation_id, block_id, name, "order")
         SELECT n.id, $1, n.block_id, n.name,
                coalesce((SELECT max(l."order") + 1 FROM levels l
                           WHERE l.organisation_id = $1 AND l.block_id = n.block_id), 0)
                  + row_number() OVER (PARTITION BY n.block_id ORDER BY n.position) - 1
           FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS n (id, block_id, name, position)`,
        [
          ctx.organisationId,
          newLevels.map((level) => level.id),
          newLevels.map((level) => level.block_id),
          newLevels.map((level) => level.name),
        ],
      );
      const ids = newLevels.map((level) => level.id);
      await recordAudit(ctx, 'levels', ids, 'CREATE');
      return ids;
    }
    return { rejections, data, write, documentId: placement.site_id };
  },
});
