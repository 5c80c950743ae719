import {
  bulkFailureSchema,
  idSchema,
  MATERIAL_INPUT_TYPE_KEYS,
  MATERIAL_INPUT_TYPES,
  materialInputTypeSchema,
  materialRateEntrySchema,
  materialRatesCopySchema,
  materialRatesSetSchema,
  type BulkFailure,
  type FieldError,
  type MaterialRateEntry,
} from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { materialsResource } from './materials.resource';

const materials = reader(materialsResource);

async function requireMaterial(ctx: OrganisationContext, id: string) {
  const [row] = await materials.findMany(ctx, [id]);
  if (!row) throw notFound('Material');
  return row as typeof row & { input_type_key: string; rates: MaterialRateEntry[] };
}

interface SetRow {
  id: string;
  material_rate_group_id: string | null;
  locked: boolean;
  archived_at: Date | null;
}

async function setsOf(ctx: OrganisationContext, ids: string[]) {
  const { rows } = await ctx.db.query<SetRow>(
    `SELECT id, material_rate_group_id, locked, archived_at FROM rate_sets
      WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

type EntryInput = z.output<typeof materialRatesSetSchema>['rates'][number];

/**
 * Replaces a material's entries with `entries`: every set named must be a live set of a rate
 * group, named once; a set that is locked keeps its entry as it is (naming it differently, or
 * leaving it out, is refused).
 */
async function replaceEntries(
  ctx: OrganisationContext,
  materialId: string,
  current: MaterialRateEntry[],
  entries: EntryInput[],
) {
  const sets = await setsOf(ctx, [
    ...entries.map((entry) => entry.material_rate_set_id),
    ...current.map((entry) => entry.material_rate_set_id),
  ]);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const field = `rates.${index}`;
    const set = sets.get(entry.material_rate_set_id);
    if (!set || !set.material_rate_group_id)
      errors.push({
        field: `${field}.material_rate_set_id`,
        message: 'Rate set not found.',
        code: 'not_found',
      });
    else if (seen.has(set.id))
      errors.push({
        field: `${field}.material_rate_set_id`,
        message: 'Named twice.',
        code: 'duplicate',
      });
    if (entry.use_custom && !entry.custom)
      errors.push({
        field: `${field}.custom`,
        message: 'Give the custom pricing.',
        code: 'required',
      });
    seen.add(entry.material_rate_set_id);
    const before = current.find((c) => c.material_rate_set_id === entry.material_rate_set_id);
    if (set?.locked && JSON.stringify(normal(before)) !== JSON.stringify(normal(entry)))
      errors.push({
        field: `${field}.material_rate_set_id`,
        message: 'The rate set is locked: unlock it to change its prices.',
        code: 'locked',
      });
  });
  for (const entry of current)
    if (sets.get(entry.material_rate_set_id)?.locked && !seen.has(entry.material_rate_set_id))
      errors.push({
        field: 'rates',
        message: 'A locked rate set’s entry cannot be removed: unlock the set first.',
        code: 'locked',
      });
  if (errors.length) throw validationFailure(errors);
  await ctx.db.query(
    `DELETE FROM material_rate_entries WHERE organisation_id = $1 AND material_id = $2
        AND NOT material_rate_set_id = ANY($3::text[])`,
    [ctx.organisationId, materialId, [...seen]],
  );
  if (entries.length)
    await ctx.db.query(
      `INSERT INTO material_rate_entries (id, organisation_id, material_id, material_rate_set_id, use_custom, custom)
       SELECT e.id, $1, $2, e.set_id, e.use_custom, e.custom
         FROM jsonb_to_recordset($3::jsonb) AS e (id text, set_id text, use_custom boolean, custom jsonb)
       ON CONFLICT (material_id, material_rate_set_id)
       DO UPDATE SET use_custom = excluded.use_custom, custom = excluded.custom, updated_at = now()`,
      [
        ctx.organisationId,
        materialId,
        JSON.stringify(
          entries.map((entry) => ({
            id: newId(),
            set_id: entry.material_rate_set_id,
            use_custom: entry.use_custom,
            custom: entry.custom,
          })),
        ),
      ],
    );
}

const normal = (entry: { use_custom: boolean; custom: unknown } | undefined) =>
  entry ? { use_custom: entry.use_custom, custom: entry.custom ?? null } : null;

const ratesAnswer = z.object({ data: z.array(materialRateEntrySchema) });
const params = z.object({ id: idSchema });

/** GET and PUT /materials/{id}/rates, POST /materials/{id}/rates/copy. */
export const materialRateRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/materials/:id/rates',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Material'],
    summary: "A material's entries per rate set: the set's prices for its input type, or its own",
    params,
    response: ratesAnswer,
    handler: async (ctx, { params: { id } }) => ({ data: (await requireMaterial(ctx, id)).rates }),
  }),
  route({
    method: 'PUT',
    path: '/materials/:id/rates',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Material'],
    summary:
      "Set a material's entries whole: per rate set, use its prices or custom ones (a locked set's entry cannot change)",
    params,
    body: materialRatesSetSchema,
    response: ratesAnswer,
    handler: async (ctx, { params: { id }, body }) => {
      const material = await requireMaterial(ctx, id);
      await replaceEntries(ctx, id, material.rates, body.rates);
      await recordAudit(ctx, 'materials', [id], 'SET_RATES', { rates: body.rates });
      return { data: (await requireMaterial(ctx, id)).rates };
    },
  }),
  route({
    method: 'POST',
    path: '/materials/:id/rates/copy',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Material'],
    summary:
      "Copy a material's entries onto other materials of the same input type (each answered: copied or why not)",
    params,
    body: materialRatesCopySchema,
    response: z.object({ copied: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
    handler: async (ctx, { params: { id }, body }) => {
      const source = await requireMaterial(ctx, id);
      const targets = await materials.findMany(ctx, [...new Set(body.material_ids)]);
      const byId = new Map(targets.map((row) => [row.id, row]));
      const copied: string[] = [];
      const failed: BulkFailure[] = [];
      for (const targetId of new Set(body.material_ids)) {
        const target = byId.get(targetId) as typeof source | undefined;
        if (!target || targetId === id) {
          failed.push({ id: targetId, reason: 'Material not found.', code: 'not_found' });
          continue;
        }
        if (target.input_type_key !== source.input_type_key) {
          failed.push({
            id: targetId,
            reason: 'The material has another input type: its prices are in other units.',
            code: 'input_type_differs',
          });
          continue;
        }
        try {
          await replaceEntries(ctx, targetId, target.rates, source.rates);
          copied.push(targetId);
        } catch {
          failed.push({
            id: targetId,
            reason: 'A locked rate set holds its prices.',
            code: 'locked',
          });
        }
      }
      if (copied.length) await recordAudit(ctx, 'materials', copied, 'COPY_RATES', { from: id });
      return { copied, failed };
    },
  }),
];

const inputTypes = MATERIAL_INPUT_TYPE_KEYS.map((key) => ({
  id: key,
  ...MATERIAL_INPUT_TYPES[key],
}));

/** GET /material_input_types (and one by key): the ten input types of field-work §9. */
export const inputTypeRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/material_input_types',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Material input type'],
    summary: 'The ten material input types: their measures, headers, units and what they enable',
    response: z.object({ data: z.array(materialInputTypeSchema) }),
    handler: async () => ({ data: inputTypes }),
  }),
  route({
    method: 'GET',
    path: '/material_input_types/:id',
    access: 'organisation',
    minRole: 'OPERATIVE',
    tags: ['Material input type'],
    summary: 'One material input type, by its key',
    params: z.object({ id: z.string() }),
    response: z.object({ data: materialInputTypeSchema }),
    handler: async (_ctx, { params: { id } }) => {
      const found = inputTypes.find((type) => type.id === id);
      if (!found) throw notFound('Material input type');
      return { data: found };
    },
  }),
];
