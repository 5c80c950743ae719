import { hasMany, type Expansion, type ResourceDeclaration } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { formSectionsResource } from './sections.resource';

/**
 * A project's (or template's) copy of a form's sections and fields, read as the library form's
 * are (same fields and order), `form_id` naming the copy. Served only embedded, so no verbs.
 */
const copyFields: ResourceDeclaration = {
  ...formFieldsResource,
  name: 'project_form_fields',
  fields: {
    ...formFieldsResource.fields,
    form_id: { type: 'id', sql: 'coalesce(t.form_id, t.project_form_id)' },
  },
  verbs: [],
  scope: undefined,
  rules: undefined,
};

const copySections: ResourceDeclaration = {
  ...formSectionsResource,
  name: 'project_form_sections',
  fields: { ...formSectionsResource.fields, form_id: { type: 'id', sql: 't.project_form_id' } },
  children: { fields: hasMany(() => copyFields, 'form_section_id') },
  verbs: [],
  scope: undefined,
  rules: undefined,
};

/** The sections (with their fields) of each project form: two queries for a page of them. */
export const formCopySections: Expansion = hasMany(() => copySections, 'project_form_id');
