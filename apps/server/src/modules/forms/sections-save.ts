import type { ConditionalNode, FieldError, FormSave } from '@fieldwork/contract';
import { AppError, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { checkConditionals, prepareField, type StoredField } from './field-rules';

/** Inserts a row with a client's fresh id, or says the id is taken (by any organisation). */
async function insertOwnId(
  ctx: OrganisationContext,
  table: string,
  values: Record<string, unknown>,
  path: string,
) {
  const columns = Object.keys(values);
  const { rows } = await ctx.db.query(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING RETURNING id`,
    Object.values(values),
  );
  if (!rows[0])
    throw validationFailure([{ field: path, message: 'This id is already taken.', code: 'taken' }]);
}

export async function updateRow(
  ctx: OrganisationContext,
  table: string,
  id: string,
  values: Record<string, unknown>,
) {
  const columns = Object.keys(values);
  await ctx.db.query(
    `UPDATE ${table} SET ${columns.map((c, i) => `"${c}" = $${i + 3}`).join(', ')}, updated_at = now()
      WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, id, ...Object.values(values)],
  );
}

/**
 * Makes a form's sections and fields exactly those given: items with an id of this form are
 * updated, others created (a new item may bring its own fresh id, so a conditional can name a
 * field of the same body), items left out deleted. Errors name `sections.N.fields.M.…`.
 */
export async function saveSections(
  ctx: OrganisationContext,
  formId: string,
  given: FormSave['sections'],
): Promise<{ sections: number; fields: number }> {
  const org = ctx.organisationId;
  const { rows: sections } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM form_sections WHERE organisation_id = $1 AND form_id = $2`,
    [org, formId],
  );
  const { rows: fields } = await ctx.db.query<StoredField>(
    `SELECT id, type, options, conditional, columns, score FROM form_fields
      WHERE organisation_id = $1 AND form_id = $2`,
    [org, formId],
  );
  const ownSections = new Set(sections.map((row) => row.id));
  const ownFields = new Map(fields.map((row) => [row.id, row]));

  // Ids first, so conditionals can name fields created in the same save.
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const planned = given.map((section, s) => {
    const id = section.id ?? newId();
    if (seen.has(id))
      errors.push({ field: `sections.${s}.id`, message: 'Repeated id.', code: 'duplicate' });
    seen.add(id);
    return {
      id,
      isNew: !ownSections.has(id),
      fields: section.fields.map((field, f) => {
        const fieldId = field.id ?? newId();
        if (seen.has(fieldId))
          errors.push({
            field: `sections.${s}.fields.${f}.id`,
            message: 'Repeated id.',
            code: 'duplicate',
          });
        seen.add(fieldId);
        return { id: fieldId, isNew: !ownFields.has(fieldId) };
      }),
    };
  });
  if (errors.length) throw validationFailure(errors);

  const nodes: ConditionalNode[] = [];
  const paths: string[] = [];
  // Every field's wrong settings in one answer, not only the first field's.
  const prepared = given.flatMap((section, s) =>
    section.fields.flatMap((field, f) => {
      const { id, isNew } = planned[s]!.fields[f]!;
      const { id: _ignored, ...values } = field;
      const path = `sections.${s}.fields.${f}.`;
      try {
        const { store, node } = prepareField(values, isNew ? null : ownFields.get(id)!, path);
        nodes.push({ ...node, id });
        paths.push(path);
        return [{ id, isNew, sectionId: planned[s]!.id, order: f, store }];
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        errors.push(...error.errors);
        return [];
      }
    }),
  );
  if (errors.length) throw validationFailure(errors);
  checkConditionals(nodes, (index) => paths[index]!);

  const keptFields = prepared.map((field) => field.id);
  await ctx.db.query(
    `DELETE FROM form_fields WHERE organisation_id = $1 AND form_id = $2 AND NOT id = ANY($3::text[])`,
    [org, formId, keptFields],
  );
  for (const [s, section] of planned.entries()) {
    const values = { name: given[s]!.name, order: s };
    if (section.isNew)
      await insertOwnId(
        ctx,
        'form_sections',
        { id: section.id, organisation_id: org, form_id: formId, ...values },
        `sections.${s}.id`,
      );
    else await updateRow(ctx, 'form_sections', section.id, values);
  }
  for (const field of prepared) {
    const values = { ...field.store, form_section_id: field.sectionId, order: field.order };
    if (field.isNew)
      await insertOwnId(
        ctx,
        'form_fields',
        { id: field.id, organisation_id: org, form_id: formId, ...values },
        `fields.${field.id}.id`,
      );
    else await updateRow(ctx, 'form_fields', field.id, values);
  }
  await ctx.db.query(
    `DELETE FROM form_sections WHERE organisation_id = $1 AND form_id = $2 AND NOT id = ANY($3::text[])`,
    [org, formId, planned.map((section) => section.id)],
  );
  return { sections: planned.length, fields: prepared.length };
}
