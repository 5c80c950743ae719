import { formFieldUpdateSchema, formSectionFieldCreateSchema } from '@fieldwork/contract';
import type { ResourceDeclaration } from '../../platform/resource-kit';
import { formFieldsResource } from './fields.resource';
import { FORM_SCOPE } from './form-access';

/** Scope of a section's fields: /forms/{formId}/sections/{sectionId}/fields. */
export const FORM_SECTION_SCOPE = {
  column: 'form_section_id',
  param: 'sectionId',
  path: 'sections',
  table: 'form_sections',
  label: 'Form section',
  under: FORM_SCOPE,
} as const;

/**
 * A library form's fields where they live, under their section (field-work §7 "nested sections
 * and fields with move and reorder"): create, list, get, update, delete, reorder, and move to a
 * section of the same form (`toFormSectionId`, `toIndex`). A field addressed under a section it
 * is not in is "not found". The flat /forms/{formId}/fields stays a read of all a form's fields.
 */
export const formSectionFieldsResource: ResourceDeclaration = {
  ...formFieldsResource,
  create: formSectionFieldCreateSchema,
  update: formFieldUpdateSchema,
  scope: FORM_SECTION_SCOPE,
  parent: {
    column: 'form_section_id',
    table: 'form_sections',
    label: 'Form section',
    moveBody: { parent: 'toFormSectionId', index: 'toIndex' },
  },
  verbs: ['list', 'get', 'create', 'update', 'delete', 'reorder', 'move'],
};
