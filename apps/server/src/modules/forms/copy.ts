import type { FormFieldConditional } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { formFieldsResource } from './fields.resource';

/** Whose sections and fields: a library form's or a project's (or template's) copy's. */
export type FormOwnerColumn = 'form_id' | 'project_form_id';

/** What a field copy takes from its source: its declared columns, less ids, section and conditional. */
const NOT_SETTINGS = new Set(['form_id', 'form_section_id', 'conditional']);
export const FIELD_SETTING_COLUMNS = Object.entries(formFieldsResource.fields)
  .filter(([name, field]) => !field.sql && !NOT_SETTINGS.has(name))
  .map(([name]) => name);

type Target = Partial<Record<FormOwnerColumn, string>>;
type SourceRow = Record<string, unknown> & { id: string; source_id: string | null };

/**
 * Lays a library form's sections and fields onto another form: a duplicate (fresh ids) or a
 * project's copy (`sync`: rows matched by source_id keep their ids, so job sheet values that
 * name a copied field still do; rows whose source is gone are deleted). Conditionals are
 * re-pointed at the copies.
 */
export async function copySections(
  ctx: OrganisationContext,
  fromFormId: string,
  target: Target,
  sync: boolean,
) {
  const [owner, ownerId] = Object.entries(target)[0] as [FormOwnerColumn, string];
  const org = ctx.organisationId;
  const read = (table: string, column: string, id: string) =>
    ctx.db
      .query<SourceRow>(
        `SELECT * FROM ${table} WHERE organisation_id = $1 AND ${column} = $2 ORDER BY "order", id`,
        [org, id],
      )
      .then((result) => result.rows);
  const [sections, fields] = await Promise.all([
    read('form_sections', 'form_id', fromFormId),
    read('form_fields', 'form_id', fromFormId),
  ]);
  const copyIds = new Map<string, string>();
  if (sync) {
    const [oldSections, oldFields] = await Promise.all([
      read('form_sections', owner, ownerId),
      read('form_fields', owner, ownerId),
    ]);
    for (const row of [...oldSections, ...oldFields])
      if (row.source_id) copyIds.set(row.source_id, row.id);
    const keep = [...sections, ...fields].map((row) => row.id);
    await ctx.db.query(
      `DELETE FROM form_fields WHERE organisation_id = $1 AND ${owner} = $2
          AND (source_id IS NULL OR NOT source_id = ANY($3::text[]))`,
      [org, ownerId, keep],
    );
    await ctx.db.query(
      `DELETE FROM form_sections WHERE organisation_id = $1 AND ${owner} = $2
          AND (source_id IS NULL OR NOT source_id = ANY($3::text[]))`,
      [org, ownerId, keep],
    );
  }
  const idOf = (sourceId: string) => {
    if (!copyIds.has(sourceId)) copyIds.set(sourceId, newId());
    return copyIds.get(sourceId)!;
  };
  for (const section of sections) {
    await ctx.db.query(
      `INSERT INTO form_sections (id, organisation_id, ${owner}, source_id, name, "order")
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, "order" = excluded."order",
         updated_at = now()`,
      [idOf(section.id), org, ownerId, sync ? section.id : null, section.name, section.order],
    );
  }
  for (const field of fields) {
    const conditional = field.conditional as FormFieldConditional | null;
    const values = [
      idOf(field.id),
      org,
      ownerId,
      sync ? field.id : null,
      idOf(field.form_section_id as string),
      conditional ? JSON.stringify({ ...conditional, field_id: idOf(conditional.field_id) }) : null,
      ...FIELD_SETTING_COLUMNS.map((column) =>
        column === 'options' || column === 'columns'
          ? JSON.stringify(field[column])
          : field[column],
      ),
    ];
    const columns = FIELD_SETTING_COLUMNS.map((column) => `"${column}"`);
    await ctx.db.query(
      `INSERT INTO form_fields (id, organisation_id, ${owner}, source_id, form_section_id,
         conditional, ${columns.join(', ')})
       VALUES (${values.map((_, index) => `$${index + 1}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET form_section_id = excluded.form_section_id,
         conditional = excluded.conditional, updated_at = now(),
         ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}`,
      values,
    );
  }
}
