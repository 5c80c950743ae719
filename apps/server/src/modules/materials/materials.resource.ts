import {
  materialCreateSchema,
  materialSchema,
  materialUpdateSchema,
  type FieldError,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';
import { addToAll } from './owners';

/** Attachments a material may hold in all. */
export const MAX_MATERIAL_ATTACHMENTS = 50;

/** The material's entries per rate set, in the groups' and sets' order. */
const RATES_SQL = `(SELECT coalesce(jsonb_agg(jsonb_build_object(
      'material_rate_group_id', s.material_rate_group_id, 'material_rate_set_id', e.material_rate_set_id,
      'use_custom', e.use_custom, 'custom', e.custom) ORDER BY g."order", g.id, s."order", s.id), '[]')
    FROM material_rate_entries e
    JOIN rate_sets s ON s.organisation_id = e.organisation_id AND s.id = e.material_rate_set_id
    JOIN material_rate_groups g ON g.organisation_id = s.organisation_id AND g.id = s.material_rate_group_id
   WHERE e.organisation_id = t.organisation_id AND e.material_id = t.id)`;

export const IN_USE_SQL = `EXISTS (SELECT 1 FROM job_sheet_materials x
   WHERE x.organisation_id = t.organisation_id AND x.material_id = t.id)`;

/** Every tag named must be one of the organisation's. */
async function checkTags(ctx: OrganisationContext, ids: string[]) {
  if (!ids.length) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM material_tags WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  const found = new Set(rows.map((row) => row.id));
  const errors: FieldError[] = ids.flatMap((id, index) =>
    found.has(id)
      ? []
      : [
          {
            field: `material_tag_ids.${index}`,
            message: 'Material tag not found.',
            code: 'not_found',
          },
        ],
  );
  if (errors.length) throw validationFailure(errors);
}

async function beforeWrite(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
) {
  const { add_to_all_projects: _p, add_to_all_project_templates: _t, ...columns } = values;
  if (Array.isArray(columns.material_tag_ids)) {
    const unique = [...new Set(columns.material_tag_ids as string[])];
    await checkTags(ctx, unique);
    columns.material_tag_ids = unique;
  }
  if (existing && columns.input_type_key && columns.input_type_key !== existing.input_type_key) {
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM job_sheet_materials WHERE organisation_id = $1 AND material_id = $2 LIMIT 1`,
      [ctx.organisationId, existing.id],
    );
    if (rows[0])
      throw validationFailure([
        {
          field: 'input_type_key',
          message:
            'The material is recorded on job sheets with its input type’s measures: add a new material instead.',
          code: 'in_use',
        },
      ]);
  }
  return columns;
}

/**
 * Materials (field-work §3): name, group, tags, input type, attachments; archived when no
 * longer used; created with the spec's payload (booleans may be the strings "true"/"false",
 * §5) and optionally added to every project and project template at once.
 */
export const materialsResource: ResourceDeclaration = defineResource({
  name: 'materials',
  label: 'Material',
  table: 'materials',
  record: materialSchema,
  create: materialCreateSchema,
  update: materialUpdateSchema,
  updateManyOmits: ['name'],
  fields: {
    name: { type: 'text', filter: true, sort: true },
    input_type_key: { type: 'text', filter: true, sort: true },
    material_group_id: { type: 'id', filter: true },
    material_group: {
      type: 'json',
      sql: `(SELECT jsonb_build_object('id', g.id, 'name', g.name) FROM material_groups g
              WHERE g.organisation_id = t.organisation_id AND g.id = t.material_group_id)`,
    },
    material_group_name: {
      type: 'text',
      sql: `(SELECT g.name FROM material_groups g
              WHERE g.organisation_id = t.organisation_id AND g.id = t.material_group_id)`,
      sort: true,
    },
    material_tag_ids: { type: 'json', sql: 'to_jsonb(t.material_tag_ids)' },
    rates: { type: 'json', sql: RATES_SQL },
    attachments: { type: 'json' },
    archived_at: { type: 'timestamp', sort: true },
    in_use: { type: 'boolean', sql: `(${IN_USE_SQL})`, filter: true },
  },
  filters: {
    material_tag_id: {
      sql: (values, params) => `t.material_tag_ids && ${params.add(values)}::text[]`,
    },
  },
  references: { material_group_id: { table: 'material_groups', label: 'Material group' } },
  search: ['name'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS, 'update_many'],
  archivable: true,
  files: { column: 'attachments', field: 'files', max: MAX_MATERIAL_ATTACHMENTS },
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    beforeWrite,
    async afterInsert(ctx, created) {
      const projects = created.filter(({ input }) => input.add_to_all_projects === true);
      const templates = created.filter(({ input }) => input.add_to_all_project_templates === true);
      if (projects.length)
        await addToAll(
          ctx,
          'project_id',
          projects.map(({ id }) => id),
        );
      if (templates.length)
        await addToAll(
          ctx,
          'project_template_id',
          templates.map(({ id }) => id),
        );
    },
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ material_id: string }>(
        `SELECT DISTINCT material_id FROM job_sheet_materials
          WHERE organisation_id = $1 AND material_id = ANY($2::text[])`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.material_id,
          'The material is recorded on job sheets; archive it instead.',
        ]),
      );
    },
  },
});
