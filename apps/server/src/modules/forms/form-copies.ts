import {
  hasMany,
  type Expansion,
  type ResourceDeclaration,
  type ResourceScope,
} from '../../platform/resource-kit';
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

/**
 * The copies' sections and fields as nested reads, as a library form's are served (field-work §7):
 * `GET {owner}/forms/{projectFormId}/sections[/{id}]` and
 * `…/sections/{projectFormSectionId}/fields[/{id}]`, list and get only (a copy changes by sync).
 * The owner's scope (a project's or a template's) comes from the projects module.
 */
export function formCopyReads(owner: ResourceScope): ResourceDeclaration[] {
  const copyScope: ResourceScope = {
    column: 'project_form_id',
    field: 'form_id',
    param: 'projectFormId',
    path: 'forms',
    table: 'project_forms',
    label: 'Project form',
    under: owner,
  };
  const sections: ResourceDeclaration = {
    ...copySections,
    name: 'sections',
    fields: {
      ...copySections.fields,
      form_id: { type: 'id', sql: 't.project_form_id', filter: true },
    },
    scope: copyScope,
    verbs: ['list', 'get'],
  };
  const fields: ResourceDeclaration = {
    ...copyFields,
    name: 'fields',
    scope: {
      column: 'form_section_id',
      param: 'projectFormSectionId',
      path: 'sections',
      table: 'form_sections',
      label: 'Form section',
      under: copyScope,
    },
    verbs: ['list', 'get'],
  };
  return [sections, fields];
}
