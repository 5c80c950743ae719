import { formSectionCreateSchema, formSectionSchema } from '@fieldwork/contract';
import { defineResource, hasMany, type ResourceDeclaration } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { FORM_SCOPE, formPolicy } from './form-access';

export const formSectionsResource: ResourceDeclaration = defineResource({
  name: 'sections',
  label: 'Form section',
  table: 'form_sections',
  record: formSectionSchema,
  create: formSectionCreateSchema,
  update: formSectionCreateSchema.partial(),
  fields: {
    form_id: { type: 'id', filter: true },
    name: { type: 'text', filter: true, sort: true },
    order: { type: 'integer', sort: true },
  },
  children: { fields: hasMany(() => formFieldsResource, 'form_section_id') },
  defaultSort: 'order',
  verbs: ['list', 'get', 'create', 'update', 'delete', 'reorder'],
  order: { column: 'order', groupBy: ['form_id'] },
  scope: FORM_SCOPE,
  // Changing a form's sections or fields is updating the form.
  access: { read: 'OPERATIVE', write: formPolicy.update.role },
  rules: {
    async deleteBlockers(ctx, ids) {
      // A field of another section whose conditional tests a field of this one would dangle.
      const { rows } = await ctx.db.query<{ id: string; name: string }>(
        `SELECT s.id, d.name FROM form_sections s
           JOIN form_fields f ON f.organisation_id = s.organisation_id AND f.form_section_id = s.id
           JOIN form_fields d ON d.organisation_id = s.organisation_id AND d.form_id = s.form_id
            AND d.form_section_id <> s.id AND d.conditional->>'field_id' = f.id
          WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.id,
          `The field "${row.name}" is shown only on a field of this section; change its conditional first.`,
        ]),
      );
    },
  },
});
