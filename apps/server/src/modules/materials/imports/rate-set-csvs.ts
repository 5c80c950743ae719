import {
  idSchema,
  type MaterialInputTypeKey,
  type Pricing,
  type RateSetPrice,
} from '@fieldwork/contract';
import { z } from 'zod';
import { validationFailure } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { defineImport, type RowIssue } from '../../../platform/imports/declaration';
import { newId } from '../../../platform/ids';
import { writer } from '../../../platform/resource-kit';
import { rateGroupsResource, rateSetsResource } from '../rates.resource';
import { inputTypeCell } from './cells';
import { ensureNamed, idsByName } from './named';
import { groupBy, priceCells, priceColumns, pricingOf, requiredText } from './pricing-rows';

interface SetRow extends Record<string, unknown> {
  id: string;
  name: string;
  material_rate_group_id: string;
  locked: boolean;
  prices: RateSetPrice[];
}

/** Live rate sets by `${group id}\0${lower name}`. */
async function setsByName(ctx: OrganisationContext) {
  const { rows } = await ctx.db.query<SetRow>(
    `SELECT id, name, material_rate_group_id, locked, prices FROM rate_sets
      WHERE organisation_id = $1 AND archived_at IS NULL AND material_rate_group_id IS NOT NULL
      ORDER BY "order", id`,
    [ctx.organisationId],
  );
  const byName = new Map<string, SetRow>();
  for (const row of rows) {
    const key = `${row.material_rate_group_id}\u0000${row.name.toLowerCase()}`;
    if (!byName.has(key)) byName.set(key, row);
  }
  return byName;
}

/** A unit of rows priced together, named case-blind (names match ignoring case). */
const unitOf = (...names: string[]) => names.map((name) => name.toLowerCase()).join('\u001f');

const merge = (issues: Map<number, RowIssue[]>, more: Map<number, RowIssue[]>) => {
  for (const [line, found] of more) issues.set(line, [...(issues.get(line) ?? []), ...found]);
};

const globalRow = z.object({
  rate_group: requiredText(255),
  rate_set: requiredText(255),
  input_type: inputTypeCell.refine((type) => type !== null, 'Required'),
  ...priceCells,
});
type GlobalRow = z.output<typeof globalRow>;

/**
 * global_rate_set_csv: the organisation's rate sets, a row per tier (For up to) or base price of
 * one input type in one set; groups and sets are created when new, and a set named replaces its
 * prices for the input types the file gives. A locked set's rows are refused.
 */
export const globalRateSetCsvImport = defineImport<GlobalRow>({
  kind: 'global_rate_set_csv',
  rowLabel: 'rate set prices (a row per tier or base price)',
  collection: 'rate_sets',
  tags: ['Rate set'],
  minRole: 'MANAGER',
  columns: [
    { key: 'rate_group', header: 'Rate group', example: 'Charge', required: true },
    { key: 'rate_set', header: 'Rate set', example: 'Standard 2026', required: true },
    { key: 'input_type', header: 'Input type', example: 'QUANTITY_AND_DIAMETER', required: true },
    ...priceColumns,
  ],
  row: globalRow,
  // a large file is read as a stream, each set's input type resolved whole (staged-rows.ts)
  batchRows: 2000,
  unitKey: (row) => unitOf(row.rate_group, row.rate_set, row.input_type ?? ''),
  async resolve(ctx, rows) {
    const groups = await idsByName(
      ctx,
      'material_rate_groups',
      rows.map((r) => r.value.rate_group),
    );
    const sets = await setsByName(ctx);
    const issues = new Map<number, RowIssue[]>();
    const bySet = groupBy(
      rows,
      (r) => `${r.value.rate_group.toLowerCase()}\u0000${r.value.rate_set.toLowerCase()}`,
    );
    const plans: Array<{
      group: string;
      set: string;
      existing: SetRow | null;
      prices: RateSetPrice[];
    }> = [];
    for (const setRows of bySet.values()) {
      const { rate_group: group, rate_set: set } = setRows[0]!.value;
      const groupId = groups.get(group.toLowerCase());
      const existing = groupId ? (sets.get(`${groupId}\u0000${set.toLowerCase()}`) ?? null) : null;
      if (existing?.locked) {
        for (const { line } of setRows)
          issues.set(line, [
            {
              field: 'rate_set',
              message: `${existing.name} is locked: unlock it to import its prices.`,
            },
          ]);
        continue;
      }
      const prices: RateSetPrice[] = [];
      for (const typeRows of groupBy(setRows, (r) => r.value.input_type).values()) {
        const { pricing, issues: found } = pricingOf(typeRows);
        merge(issues, found);
        prices.push({
          input_type_key: typeRows[0]!.value.input_type as MaterialInputTypeKey,
          ...pricing,
        });
      }
      plans.push({ group: group, set: set, existing, prices });
    }
    return {
      rejections: issues,
      write: async () => {
        const groupIds = await ensureNamed(
          ctx,
          rateGroupsResource,
          plans.map((p) => p.group),
        );
        const ids: string[] = [];
        const sets = writer(rateSetsResource);
        for (const plan of plans) {
          if (plan.existing) {
            const kept = plan.existing.prices.filter(
              (price) =>
                !plan.prices.some((given) => given.input_type_key === price.input_type_key),
            );
            await sets.update(ctx, plan.existing, { prices: [...kept, ...plan.prices] });
            ids.push(plan.existing.id);
          } else {
            const [id] = await sets.insert(ctx, [
              {
                material_rate_group_id: groupIds.get(plan.group.toLowerCase())!,
                name: plan.set,
                prices: plan.prices,
              },
            ]);
            ids.push(id!);
          }
        }
        return ids;
      },
    };
  },
});

const projectRow = z.object({
  material: requiredText(255),
  rate_group: requiredText(255),
  ...priceCells,
});
type ProjectRow = z.output<typeof projectRow>;

/**
 * project_rate_set_csv: one project's own prices per material, a row per tier or base price. Per
 * rate group the project gets a rate set named after it (created when new), holding each
 * material's custom prices, and made the project's default in that group.
 */
export const projectRateSetCsvImport = defineImport<ProjectRow, { project_id: string }>({
  kind: 'project_rate_set_csv',
  rowLabel: "a project's material prices (a row per tier or base price)",
  collection: 'rate_sets',
  tags: ['Rate set', 'Project'],
  minRole: 'MANAGER',
  options: z.object({ project_id: idSchema }),
  columns: [
    { key: 'material', header: 'Material', example: 'Pipe collar 110mm', required: true },
    { key: 'rate_group', header: 'Rate group', example: 'Charge', required: true },
    ...priceColumns,
  ],
  row: projectRow,
  // a large file is read as a stream, each material's prices in a group resolved whole
  batchRows: 2000,
  unitKey: (row) => unitOf(row.rate_group, row.material),
  async resolve(ctx, rows, { project_id: projectId }) {
    const { rows: projects } = await ctx.db.query<{ name: string; default_rate_set_ids: string[] }>(
      `SELECT name, default_rate_set_ids FROM projects
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [ctx.organisationId, projectId],
    );
    const project = projects[0];
    if (!project)
      throw validationFailure([
        { field: 'project_id', message: 'Project not found.', code: 'not_found' },
      ]);
    const materials = await idsByName(
      ctx,
      'materials',
      rows.map((r) => r.value.material),
    );
    const groups = await idsByName(
      ctx,
      'material_rate_groups',
      rows.map((r) => r.value.rate_group),
    );
    const sets = await setsByName(ctx);
    const issues = new Map<number, RowIssue[]>();
    const entries: Array<{ group: string; material: string; pricing: Pricing }> = [];
    for (const entryRows of groupBy(
      rows,
      (r) => `${r.value.rate_group.toLowerCase()}\u0000${r.value.material.toLowerCase()}`,
    ).values()) {
      const { material, rate_group: group } = entryRows[0]!.value;
      const materialId = materials.get(material.toLowerCase());
      const groupId = groups.get(group.toLowerCase());
      const set = groupId ? sets.get(`${groupId}\u0000${project.name.toLowerCase()}`) : undefined;
      const refuse = (field: string, message: string) =>
        entryRows.forEach(({ line }) => issues.set(line, [{ field, message }]));
      if (!materialId) {
        refuse('material', `No material named "${material}".`);
        continue;
      }
      if (set?.locked) {
        refuse('rate_group', `The project's rate set ${set.name} is locked.`);
        continue;
      }
      const { pricing, issues: found } = pricingOf(entryRows);
      merge(issues, found);
      entries.push({ group: group, material: materialId, pricing });
    }
    return {
      documentId: projectId,
      rejections: issues,
      write: async () => {
        const groupIds = await ensureNamed(
          ctx,
          rateGroupsResource,
          entries.map((e) => e.group),
        );
        const current = await setsByName(ctx);
        const setIds = new Map<string, string>();
        for (const groupId of new Set(groupIds.values())) {
          if (!entries.some((e) => groupIds.get(e.group.toLowerCase()) === groupId)) continue;
          const existing = current.get(`${groupId}\u0000${project.name.toLowerCase()}`);
          const id =
            existing?.id ??
            (
              await writer(rateSetsResource).insert(ctx, [
                {
                  material_rate_group_id: groupId,
                  name: project.name,
                  description: 'Imported for the project',
                },
              ])
            )[0]!;
          setIds.set(groupId, id);
        }
        await ctx.db.query(
          `INSERT INTO material_rate_entries (id, organisation_id, material_id, material_rate_set_id, use_custom, custom)
           SELECT e.id, $1, e.material_id, e.set_id, true, e.custom
             FROM jsonb_to_recordset($2::jsonb) AS e (id text, material_id text, set_id text, custom jsonb)
           ON CONFLICT (material_id, material_rate_set_id)
           DO UPDATE SET use_custom = true, custom = excluded.custom, updated_at = now()`,
          [
            ctx.organisationId,
            JSON.stringify(
              entries.map((e) => ({
                id: newId(),
                material_id: e.material,
                set_id: setIds.get(groupIds.get(e.group.toLowerCase())!),
                custom: e.pricing,
              })),
            ),
          ],
        );
        // The project's sets become its defaults in their groups (other groups' stay).
        const ours = [...setIds.values()];
        await ctx.db.query(
          `UPDATE projects SET default_rate_set_ids = ARRAY(
              SELECT d FROM unnest(default_rate_set_ids) AS d
               WHERE NOT EXISTS (SELECT 1 FROM rate_sets r WHERE r.id = d
                                   AND r.material_rate_group_id = ANY($3::text[]))) || $4::text[],
                  updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, projectId, [...setIds.keys()], ours],
        );
        return ours;
      },
    };
  },
});
