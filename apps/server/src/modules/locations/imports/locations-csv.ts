import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit';
import { validationFailure } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { defineImport, type RowIssue } from '../../../platform/imports/declaration';
import { newId } from '../../../platform/ids';

const text = (max: number) => z.string().max(max, `At most ${max} characters`).optional();

const row = z.object({
  reference: text(255),
  block: text(255),
  level: text(255),
  zone: text(255),
  specification: text(255),
  status: text(255),
  variation: text(5000),
});
type LocationRow = z.output<typeof row>;

const options = z.object({ project_id: idSchema.describe('The project the locations are for') });
type LocationOptions = z.output<typeof options>;

const fold = (name: string) => name.trim().toLocaleLowerCase('en');

interface Named {
  id: string;
  name: string;
}

/** Names → ids of a project's records (the first of a repeated name wins, as in the lists' order). */
async function byName(ctx: OrganisationContext, sql: string, params: unknown[]) {
  const { rows } = await ctx.db.query<Named & { parent?: string; site_id?: string }>(sql, params);
  const map = new Map<string, Named & { parent?: string }>();
  for (const item of rows) {
    const key = `${item.parent ?? ''}\u0000${fold(item.name)}`;
    if (!map.has(key)) map.set(key, item);
  }
  return { rows, map };
}

const names = (rows: Named[]) =>
  rows.length ? rows.map((item) => `"${item.name}"`).join(', ') : 'none yet';

/**
 * locations_csv: a project's locations, a row each, numbered after its others in file order. The
 * block, level, zone, specification and status are matched by name (ignoring case) among the
 * project's; an unknown one rejects its row with the names it could have been. An empty status
 * is the project's first PENDING one.
 */
export const locationsCsvImport = defineImport<LocationRow, LocationOptions>({
  kind: 'locations_csv',
  rowLabel: 'one location',
  collection: 'locations',
  tags: ['Location'],
  minRole: 'MANAGER',
  columns: [
    { key: 'reference', header: 'Reference', example: 'D-101' },
    { key: 'block', header: 'Block', example: 'Block A' },
    { key: 'level', header: 'Level', example: 'Ground floor' },
    { key: 'zone', header: 'Zone', example: 'Riser cupboards' },
    { key: 'specification', header: 'Specification', example: 'FD30 door' },
    { key: 'status', header: 'Status', example: 'Not started' },
    { key: 'variation', header: 'Variation', example: '' },
  ],
  row,
  options,
  async resolve(ctx, rows, { project_id: projectId }) {
    const { rows: projects } = await ctx.db.query<{ site_id: string | null }>(
      `SELECT site_id FROM projects WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [ctx.organisationId, projectId],
    );
    if (!projects[0]) {
      throw validationFailure([
        { field: 'project_id', message: 'Project not found.', code: 'not_found' },
      ]);
    }
    const scope = [ctx.organisationId, projectId];
    const blocks = await byName(
      ctx,
      `SELECT id, name, site_id FROM blocks
        WHERE organisation_id = $1 AND project_id = $2 AND deleted_at IS NULL ORDER BY "order", id`,
      scope,
    );
    const blockSite = new Map(blocks.rows.map((block) => [block.id, block.site_id!]));
    const levels = await byName(
      ctx,
      `SELECT l.id, l.name, l.block_id AS parent FROM levels l
         JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
        WHERE l.organisation_id = $1 AND b.project_id = $2 AND l.deleted_at IS NULL
          AND b.deleted_at IS NULL ORDER BY l."order", l.id`,
      scope,
    );
    const zones = await byName(
      ctx,
      `SELECT id, name FROM zones WHERE organisation_id = $1 AND project_id = $2
          AND deleted_at IS NULL ORDER BY lower(name), id`,
      scope,
    );
    const specifications = await byName(
      ctx,
      `SELECT id, name FROM specifications WHERE organisation_id = $1 AND project_id = $2
        ORDER BY lower(name), id`,
      scope,
    );
    const statuses = await byName(
      ctx,
      `SELECT id, name FROM location_statuses WHERE organisation_id = $1 AND project_id = $2
        ORDER BY (type = 'PENDING') DESC, "order", id`,
      scope,
    );
    const firstStatus = statuses.rows[0]?.id;
    const blockNames = new Map(blocks.rows.map((block) => [block.id, block.name]));

    const rejections = new Map<number, RowIssue[]>();
    const data = new Map<number, Record<string, unknown>>();
    const resolved = new Map<number, Record<string, string | null>>();
    for (const { line, value } of rows) {
      const issues: RowIssue[] = [];
      const find = (
        found: Awaited<ReturnType<typeof byName>>,
        name: string | undefined,
        field: string,
        label: string,
        parent = '',
      ) => {
        if (!name?.trim()) return null;
        const match = found.map.get(`${parent}\u0000${fold(name)}`);
        if (!match) {
          const choices = found.rows.filter((item) => (item.parent ?? '') === parent);
          issues.push({
            field,
            message: `No ${label} "${name}" in this project (${label}s: ${names(choices)}).`,
          });
        }
        return match?.id ?? null;
      };
      let blockId = find(blocks, value.block, 'block', 'block');
      let levelId: string | null = null;
      if (value.level?.trim()) {
        if (blockId) {
          levelId = find(levels, value.level, 'level', 'level', blockId);
          if (!levelId && issues.at(-1)?.field === 'level')
            issues.at(-1)!.message =
              `Block "${blockNames.get(blockId)}" has no level "${value.level}".`;
        } else if (!value.block?.trim()) {
          const candidates = levels.rows.filter((level) => fold(level.name) === fold(value.level!));
          if (candidates.length === 1) {
            levelId = candidates[0]!.id;
            blockId = candidates[0]!.parent!;
          } else {
            issues.push({
              field: 'level',
              message: candidates.length
                ? `Several blocks have a level "${value.level}": name the block.`
                : `No level "${value.level}" in this project.`,
            });
          }
        }
      }
      const zoneId = find(zones, value.zone, 'zone', 'zone');
      const specificationId = find(
        specifications,
        value.specification,
        'specification',
        'specification',
      );
      const statusId = value.status?.trim()
        ? find(statuses, value.status, 'status', 'status')
        : (firstStatus ?? null);
      if (!statusId && !value.status?.trim())
        issues.push({ field: 'status', message: 'The project has no location statuses.' });
      if (issues.length) rejections.set(line, issues);
      resolved.set(line, {
        reference: value.reference?.trim() || null,
        site_id: blockId ? blockSite.get(blockId)! : projects[0].site_id,
        block_id: blockId,
        level_id: levelId,
        zone_id: zoneId,
        specification_id: specificationId,
        status_id: statusId,
        variation: value.variation?.trim() || null,
      });
      data.set(line, {
        status: statusId ? statuses.rows.find((status) => status.id === statusId)?.name : null,
      });
    }

    async function write(): Promise<string[]> {
      const items = rows.map(({ line }) => ({ id: newId(), ...resolved.get(line)! }));
      const column = (key: string) => items.map((item) => (item as Record<string, unknown>)[key]);
      // one statement; the numbering trigger numbers the rows in file order
      await ctx.db.query(
        `INSERT INTO locations (id, organisation_id, project_id, reference, site_id, block_id, level_id,
           zone_id, specification_id, status_id, variation)
         SELECT n.id, $1, $2, n.reference, n.site_id, n.block_id, n.level_id, n.zone_id,
                n.specification_id, n.status_id, n.variation
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::text[], $10::text[], $11::text[]) WITH ORDINALITY
                AS n (id, reference, site_id, block_id, level_id, zone_id, specification_id,
                      status_id, variation, position)
          ORDER BY n.position`,
        [
          ctx.organisationId,
          projectId,
          column('id'),
          column('reference'),
          column('site_id'),
          column('block_id'),
          column('level_id'),
          column('zone_id'),
          column('specification_id'),
          column('status_id'),
          column('variation'),
        ],
      );
      const ids = items.map((item) => item.id);
      await recordAudit(ctx, 'locations', ids, 'CREATE');
      return ids;
    }
    return { rejections, data, write, documentId: projectId };
  },
});
