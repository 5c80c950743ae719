import { formFieldCreateSchema, formFieldSchema, formFieldUpdateSchema } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit';
import { FORM_SCOPE, formPolicy } from './form-access';
import { checkConditionals, formFields, prepareField, type StoredField } from './field-rules';

/**
 * A library form's fields. Served as a read of all a form's fields at /forms/{formId}/fields;
 * written under their section (section-fields.resource.ts).
 */
export const formFieldsResource: ResourceDeclaration = defineResource({
  name: 'fields',
  label: 'Form field',
  table: 'form_fields',
  record: formFieldSchema,
  create: formFieldCreateSchema,
  update: formFieldUpdateSchema,
  fields: {
    form_id: { type: 'id', filter: true },
    form_section_id: { type: 'id', filter: true },
    name: { type: 'text', filter: true, sort: true },
    type: { type: 'text', filter: true },
    order: { type: 'integer', sort: true },
    required: { type: 'boolean', filter: true },
    remember: { type: 'boolean' },
    large_text: { type: 'boolean' },
    precision: { type: 'integer' },
    capture_time: { type: 'boolean' },
    default_to_now: { type: 'boolean' },
    show_in_job_items_table: { type: 'boolean', filter: true },
    enable_filter_for_job_items_table: { type: 'boolean' },
    pdf_report_visibility: { type: 'text' },
    options: { type: 'json' },
    has_options: { type: 'boolean', sql: 'jsonb_array_length(t.options) > 0' },
    conditional: { type: 'json' },
    description: { type: 'text' },
    score: { type: 'integer' },
    columns: { type: 'json' },
  },
  defaultSort: 'order',
  verbs: ['list', 'get'],
  order: { column: 'order', groupBy: ['form_section_id'] },
  scope: FORM_SCOPE,
  // Changing a form's sections or fields is updating the form.
  access: { read: 'OPERATIVE', write: formPolicy.update.role },
  rules: {
    async beforeWrite(ctx, values, existing) {
      const stored = existing as StoredField | null;
      let formId = (values.form_id ?? stored?.form_id) as string | undefined;
      if (!stored) {
        // Under /forms/{formId}/sections/{sectionId}/fields the path gives the section (already
        // found in the form); its form is the field's.
        const { rows } = await ctx.db.query<{ form_id: string }>(
          `SELECT form_id FROM form_sections WHERE organisation_id = $1 AND id = $2
              AND ($3::text IS NULL OR form_id = $3)`,
          [ctx.organisationId, values.form_section_id, formId ?? null],
        );
        formId = rows[0]?.form_id;
        if (!formId)
          throw validationFailure([
            {
              field: 'form_section_id',
              message: 'Must be a section of this form.',
              code: 'not_found',
            },
          ]);
      }
      const { store, node } = prepareField(values, stored);
      const others = (await formFields(ctx, formId!)).filter((field) => field.id !== stored?.id);
      if (!stored) store.form_id = formId;
      checkConditionals([{ ...node, id: stored?.id ?? 'new' }, ...others], (index) =>
        index === 0 ? '' : `fields.${others[index - 1]!.id}.`,
      );
      return store;
    },
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ source: string; name: string }>(
        `SELECT d.conditional->>'field_id' AS source, d.name FROM form_fields d
          WHERE d.organisation_id = $1 AND d.conditional->>'field_id' = ANY($2::text[])
            AND NOT d.id = ANY($2::text[])`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.source,
          `The field "${row.name}" is shown only on this field; change its conditional first.`,
        ]),
      );
    },
  },
});
