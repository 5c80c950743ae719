import {
  MATERIAL_INPUT_TYPE_KEYS,
  MATERIAL_INPUT_TYPES,
  type MaterialInputTypeKey,
} from '@fieldwork/contract';
import { stringify } from 'csv-stringify/sync';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { OrganisationContext } from '../../../platform/http/context';
import { defineImport } from '../../../platform/imports/declaration';
import { resolveEach, textCell } from '../../../platform/imports/steps';
import { recordAudit } from '../../../platform/audit';
import { newId } from '../../../platform/ids';
import { materialGroupsResource, materialTagsResource } from '../catalogue.resource';
import { addToAll } from '../owners';
import { booleanCell, inputTypeCell, namesCell } from './cells';
import { ensureNamed, idsByName } from './named';

const row = z.object({
  name: textCell(255).refine((name) => name !== null, 'Required'),
  input_type: inputTypeCell.refine((type) => type !== null, 'Required'),
  group: textCell(255),
  tags: namesCell,
  add_to_all_projects: booleanCell,
  add_to_all_project_templates: booleanCell,
});
type MaterialRow = z.output<typeof row>;

/**
 * materials_csv: one material per row, its group and tags by name (created when new), optionally
 * added to every project and template. Two rows of one name are one material twice: refused.
 */
export const materialsCsvImport = defineImport<MaterialRow>({
  kind: 'materials_csv',
  rowLabel: 'materials (one per row)',
  collection: 'materials',
  tags: ['Material'],
  minRole: 'MANAGER',
  columns: [
    { key: 'name', header: 'Name', example: 'Pipe collar 110mm', required: true },
    { key: 'input_type', header: 'Input type', example: 'QUANTITY_AND_DIAMETER', required: true },
    { key: 'group', header: 'Group', example: 'Penetration seals' },
    { key: 'tags', header: 'Tags', example: 'Intumescent; FR60' },
    { key: 'add_to_all_projects', header: 'Add to all projects', example: 'true' },
    {
      key: 'add_to_all_project_templates',
      header: 'Add to all project templates',
      example: 'false',
    },
  ],
  row,
  duplicateKey: (material) => material.name?.toLowerCase() ?? null,
  duplicateField: 'name',
  // each batch finds (or creates) its groups and tags: a large file is read as a stream
  batchRows: 5000,
  async resolve(ctx, rows) {
    const groups = await idsByName(
      ctx,
      'material_groups',
      rows.flatMap(({ value }) => (value.group ? [value.group] : [])),
    );
    return resolveEach(
      rows,
      (value) => ({
        issues: [],
        shown: {
          input_type_name: MATERIAL_INPUT_TYPES[value.input_type as MaterialInputTypeKey].name,
          new_group: value.group !== null && !groups.has(value.group.toLowerCase()),
        },
        input: value,
      }),
      (inputs) => writeMaterials(ctx, inputs),
    );
  },
});

async function writeMaterials(ctx: OrganisationContext, inputs: MaterialRow[]) {
  const groups = await ensureNamed(
    ctx,
    materialGroupsResource,
    inputs.flatMap((input) => (input.group ? [input.group] : [])),
  );
  const tags = await ensureNamed(
    ctx,
    materialTagsResource,
    inputs.flatMap((input) => input.tags),
  );
  // One statement for the whole file (the rows were checked and their groups and tags resolved
  // above; the kit's insert would check each row's tags again, a query a row), audited as the kit
  // does.
  const ids = inputs.map(() => newId());
  await ctx.db.query(
    `INSERT INTO materials (id, organisation_id, name, input_type_key, material_group_id, material_tag_ids)
     SELECT r.id, $1, r.name, r.input_type_key, r.group_id,
            ARRAY(SELECT jsonb_array_elements_text(r.tag_ids))
       FROM jsonb_to_recordset($2::jsonb) AS r (id text, name text, input_type_key text, group_id text, tag_ids jsonb)`,
    [
      ctx.organisationId,
      JSON.stringify(
        inputs.map((input, index) => ({
          id: ids[index],
          name: input.name,
          input_type_key: input.input_type,
          group_id: input.group ? groups.get(input.group.toLowerCase())! : null,
          tag_ids: input.tags.map((tag) => tags.get(tag.toLowerCase())!),
        })),
      ),
    ],
  );
  await recordAudit(ctx, 'materials', ids, 'CREATE');
  const everywhere = (key: 'add_to_all_projects' | 'add_to_all_project_templates') =>
    ids.filter((_, index) => inputs[index]![key]);
  const projects = everywhere('add_to_all_projects');
  const templates = everywhere('add_to_all_project_templates');
  if (projects.length) await addToAll(ctx, 'project_id', projects);
  if (templates.length) await addToAll(ctx, 'project_template_id', templates);
  return ids;
}

/** GET /import_file/materials_csv/input_types_url: the input types as a CSV to look up. */
export async function inputTypesUrl(ctx: OrganisationContext): Promise<{ url: string }> {
  const csv = stringify(
    [
      ['Input type', 'Name', 'Measures', 'Rate', 'Tier', 'Tier unit', 'Minimum unit'],
      ...MATERIAL_INPUT_TYPE_KEYS.map((key) => {
        const type = MATERIAL_INPUT_TYPES[key];
        return [
          key,
          type.name,
          type.input_fields.join(', '),
          type.rate_header,
          type.for_up_to_header,
          type.for_up_to_unit,
          type.min_measure_unit,
        ];
      }),
    ],
    { bom: true },
  );
  const version = createHash('sha256').update(csv).digest('hex').slice(0, 16);
  const key = `import-templates/material-input-types-${version}.csv`;
  const existing = await ctx.services.storage.read(key);
  if (existing) existing.destroy();
  else await ctx.services.storage.write(key, Readable.from([csv]));
  return { url: ctx.services.storage.signedUrl(key, { filename: 'material_input_types.csv' }) };
}
