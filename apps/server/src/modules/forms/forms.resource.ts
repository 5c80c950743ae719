import {
  formCreateSchema,
  formLocationSectionSchema,
  formRecordSchema,
  formUpdateSchema,
  type FieldError,
  type FormSave,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { defineResource, hasMany, type ResourceDeclaration } from '../../platform/resource-kit';
import { copySections } from './copy';
import { formPolicy } from './form-access';
import { saveSections } from './sections-save';
import { formSectionsResource } from './sections.resource';

const AUTOMATION_KEYS = [
  'on_create_job_sheet',
  'on_submit_job_sheet',
  'on_approve_job_sheet',
  'on_reject_job_sheet',
] as const;
export { formPolicy } from './form-access';

const LOCATION_DEFAULTS = JSON.stringify(formLocationSectionSchema.parse({}));

/** Every key of location_section, stored values over the defaults. */
export const LOCATION_SECTION_SQL = `('${LOCATION_DEFAULTS}'::jsonb || t.location_section)`;
export const AUTOMATION_SQL = `json_build_object(${AUTOMATION_KEYS.map((key) => `'${key}', t.location_status_automation->>'${key}'`).join(', ')})`;

const PROJECT_COUNT = (owner: 'project_id' | 'project_template_id') => `(SELECT count(*)::int
  FROM project_forms pf WHERE pf.organisation_id = t.organisation_id AND pf.form_id = t.id
   AND pf.${owner} IS NOT NULL)`;

/**
 * A library form has no project, so no project statuses or location attributes to name: status
 * automation and a CUSTOM location attribute list are set on a project's or template's copy.
 */
function checkLibrarySettings(values: Record<string, unknown>) {
  const errors: FieldError[] = [];
  const automation = values.location_status_automation as Record<string, unknown> | undefined;
  for (const key of AUTOMATION_KEYS) {
    if (automation?.[key])
      errors.push({
        field: `location_status_automation.${key}`,
        message: "A library form names no project's statuses; set this on the project's form.",
        code: 'invalid',
      });
  }
  const section = values.location_section as Record<string, unknown> | undefined;
  if (
    section?.location_attributes_config === 'CUSTOM' ||
    (section?.location_attributes_custom_config as unknown[] | undefined)?.length
  )
    errors.push({
      field: 'location_section.location_attributes_config',
      message:
        "A library form has no project's location attributes; CUSTOM is set on the project's form.",
      code: 'invalid',
    });
  if (section?.reference_field_required && section.reference_field_enabled === false)
    errors.push({
      field: 'location_section.reference_field_required',
      message: 'A required reference field must be enabled.',
      code: 'invalid',
    });
  if (section?.specification_field_required && section.specification_field_enabled === false)
    errors.push({
      field: 'location_section.specification_field_required',
      message: 'A required specification field must be enabled.',
      code: 'invalid',
    });
  if (values.qr_code_capture_required && values.qr_code_capture_enabled === false)
    errors.push({
      field: 'qr_code_capture_required',
      message: 'QR code capture must be enabled to be required.',
      code: 'invalid',
    });
  if (errors.length) throw validationFailure(errors);
}

/** The form's settings as stored, merged with a change (location_section key by key). */
export async function prepareFormWrite(
  _ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  const merged: Record<string, unknown> = { ...(existing ?? {}), ...values };
  if (values.location_section !== undefined)
    merged.location_section = formLocationSectionSchema.parse({
      ...(existing?.location_section ?? {}),
      ...(values.location_section as object),
    });
  checkLibrarySettings(merged);
  const next = { ...values };
  if (values.location_section !== undefined)
    next.location_section = JSON.stringify(merged.location_section);
  if (values.location_status_automation !== undefined)
    next.location_status_automation = JSON.stringify(values.location_status_automation);
  return next;
}

export const formsResource: ResourceDeclaration = defineResource({
  name: 'forms',
  label: 'Form',
  table: 'forms',
  record: formRecordSchema,
  create: formCreateSchema,
  update: formUpdateSchema,
  fields: {
    global: { type: 'boolean', sql: 'true' },
    project_id: { type: 'id', sql: 'NULL::text' },
    name: { type: 'text', filter: true, sort: true },
    enforce_required_fields: { type: 'boolean', filter: true },
    operative_declaration_required: { type: 'boolean', filter: true },
    operative_declaration_text: { type: 'text' },
    approval_required: { type: 'boolean', filter: true },
    qr_code_capture_enabled: { type: 'boolean', filter: true },
    qr_code_capture_required: { type: 'boolean' },
    confirm_location_status_on_submit: { type: 'boolean' },
    location_section: { type: 'json', sql: LOCATION_SECTION_SQL },
    location_status_automation: { type: 'json', sql: AUTOMATION_SQL },
    archived_at: { type: 'timestamp', sort: true },
    project_template_count: {
      type: 'integer',
      sql: PROJECT_COUNT('project_template_id'),
      filter: true,
      sort: true,
    },
    // used by a project, or by a job (jobs name the library form in form_ids)
    in_use: {
      type: 'boolean',
      sql: `(${PROJECT_COUNT('project_id')} > 0 OR form_job_count(t.id) > 0)`,
      filter: true,
    },
    created_at: { type: 'timestamp', sort: true },
  },
  children: { sections: hasMany(() => formSectionsResource, 'form_id') },
  search: ['name'],
  defaultSort: 'name',
  verbs: [
    'list',
    'get',
    'create',
    'update',
    'delete',
    'archive',
    'create_many',
    'archive_many',
    'delete_many',
    'duplicate',
    'duplicate_many',
  ],
  archivable: true,
  access: { read: 'OPERATIVE', write: formPolicy.update.role },
  policy: formPolicy,
  rules: {
    // A new form's sections are written once it exists (afterInsert), not as a column.
    beforeWrite: async (ctx, { sections: _sections, ...values }, existing) =>
      prepareFormWrite(ctx, values, existing),
    async afterInsert(ctx, created) {
      for (const { id, input } of created)
        if (input.sections) await saveSections(ctx, id, input.sections as FormSave['sections']);
    },
    async afterDuplicate(ctx, copies) {
      for (const { from, to } of copies) await copySections(ctx, from, { form_id: to }, false);
    },
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ form_id: string; count: number }>(
        `SELECT form_id, count(*)::int AS count FROM project_forms
          WHERE organisation_id = $1 AND form_id = ANY($2::text[]) AND project_id IS NOT NULL
          GROUP BY form_id`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.form_id,
          `The form is used by ${row.count} project${row.count === 1 ? '' : 's'}; archive it instead.`,
        ]),
      );
    },
  },
});
