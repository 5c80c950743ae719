import { z } from 'zod';
import {
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';
import {
  attributeOptionInputSchema,
  attributeOptionSchema,
  FORM_LOCATION_SECTIONS,
  locationAttributeCustomConfigSchema,
  locationStatusAutomationSchema,
  PDF_REPORT_VISIBILITIES,
} from './projects';
export { locationAttributeCustomConfigSchema };
import {
  FIELD_DESCRIPTION_MAX,
  FORM_FIELD_PRECISION_MAX,
  FORM_FIELD_TYPES,
  PASS_FAIL_ANSWERS,
  PASS_FAIL_SCORE_MAX,
  TABLE_COLUMN_TYPES,
  TABLE_COLUMNS_MAX,
} from './form-rules';

/**
 * Forms (field-work §3 Forms): a form has ordered sections, a section ordered fields. Library
 * forms are the organisation's own (`global`); a project's or template's copy is a ProjectForm
 * that takes its library form's sections and fields on sync.
 */

/**
 * Shown only when the field `field_id` of the same form has `value`: an option id of a choice
 * field (a multiple choice field counts when the option is among those chosen), true/false
 * of a yes/no field, or PASS, FAIL or N_A of a pass / fail / N/A field.
 */
export const conditionalValueSchema = z.union([idSchema, z.boolean(), z.enum(PASS_FAIL_ANSWERS)]);
export const formFieldConditionalSchema = z
  .object({ field_id: idSchema, value: conditionalValueSchema })
  .meta({ id: 'FormFieldConditional' });
export type FormFieldConditional = z.infer<typeof formFieldConditionalSchema>;

const flag = z.boolean();

/** A table field's column (docs/form-field-types.md): its cells take the column's type. */
export const formTableColumnSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(TABLE_COLUMN_TYPES),
    required: flag,
    options: z.array(z.object({ id: idSchema, name: z.string() })),
  })
  .meta({ id: 'FormTableColumn' });
export type FormTableColumn = z.infer<typeof formTableColumnSchema>;
/** A column as a write sends it: a new column (or option) may bring a fresh id of its own. */
export const formTableColumnInputSchema = z
  .object({
    id: idSchema.optional(),
    name: z.string().trim().max(255),
    type: z.enum(TABLE_COLUMN_TYPES),
    required: flag.optional(),
    options: z
      .array(z.object({ id: idSchema.optional(), name: z.string().trim().max(255) }))
      .max(100)
      .optional(),
  })
  .meta({ id: 'FormTableColumnInput' });
export type FormTableColumnInput = z.infer<typeof formTableColumnInputSchema>;

export const formFieldSchema = recordSchema
  .extend({
    form_id: idSchema,
    form_section_id: idSchema,
    name: z.string(),
    type: z.enum(FORM_FIELD_TYPES),
    order: z.number().int(),
    required: flag,
    remember: flag,
    large_text: flag,
    precision: z.number().int().nullable(),
    capture_time: flag,
    default_to_now: flag,
    show_in_job_items_table: flag,
    enable_filter_for_job_items_table: flag,
    pdf_report_visibility: z.enum(PDF_REPORT_VISIBILITIES),
    options: z.array(attributeOptionSchema),
    has_options: flag,
    conditional: formFieldConditionalSchema.nullable(),
    /** Help under the question; an instruction field's text. */
    description: z.string().nullable(),
    /** The points a pass scores (pass / fail / N/A fields; null for the others). */
    score: z.number().int().nullable(),
    /** A table's columns ([] for the other types). */
    columns: z.array(formTableColumnSchema),
  })
  .meta({ id: 'FormField' });
export type FormField = z.infer<typeof formFieldSchema>;

export const formFieldWriteSchema = z
  .object({
    name: requiredName,
    type: z.enum(FORM_FIELD_TYPES),
    required: flag.optional(),
    remember: flag.optional(),
    large_text: flag.optional(),
    precision: z.number().int().min(0).max(FORM_FIELD_PRECISION_MAX).nullish(),
    capture_time: flag.optional(),
    default_to_now: flag.optional(),
    show_in_job_items_table: flag.optional(),
    enable_filter_for_job_items_table: flag.optional(),
    pdf_report_visibility: z.enum(PDF_REPORT_VISIBILITIES).optional(),
    options: z.array(attributeOptionInputSchema).max(500).optional(),
    conditional: formFieldConditionalSchema.nullish(),
    description: optionalText(FIELD_DESCRIPTION_MAX),
    score: z.number().int().min(0).max(PASS_FAIL_SCORE_MAX).nullish(),
    columns: z
      .array(formTableColumnInputSchema)
      .max(TABLE_COLUMNS_MAX, `At most ${TABLE_COLUMNS_MAX} columns`)
      .optional(),
  })
  .meta({ id: 'FormFieldWrite' });
export type FormFieldWrite = z.infer<typeof formFieldWriteSchema>;
export const formFieldCreateSchema = formFieldWriteSchema
  .extend({ form_section_id: idSchema })
  .meta({ id: 'FormFieldCreate' });
export const formFieldUpdateSchema = formFieldWriteSchema.partial().meta({ id: 'FormFieldUpdate' });
/** POST /forms/{formId}/sections/{sectionId}/fields: the section is the path's. */
export const formSectionFieldCreateSchema = formFieldWriteSchema.meta({
  id: 'FormSectionFieldCreate',
});
/** PUT /forms/{formId}/sections/{sectionId}/fields/{id}/move: to a section of the same form, at a position in it. */
export const formFieldMoveSchema = z
  .object({ toFormSectionId: idSchema, toIndex: z.number().int().min(0) })
  .meta({ id: 'FormFieldMove' });
export const formSectionMoveSchema = z
  .object({ toIndex: z.number().int().min(0) })
  .meta({ id: 'FormSectionMove' });

export const formSectionSchema = recordSchema
  .extend({
    form_id: idSchema,
    name: z.string(),
    order: z.number().int(),
    fields: z.array(formFieldSchema),
  })
  .meta({ id: 'FormSection' });
export type FormSection = z.infer<typeof formSectionSchema>;
export const formSectionCreateSchema = z
  .object({ name: requiredName })
  .meta({ id: 'FormSectionCreate' });

export const LOCATION_ATTRIBUTES_CONFIGS = FORM_LOCATION_SECTIONS;
export const formLocationSectionSchema = z
  .object({
    reference_field_enabled: flag.default(false),
    reference_field_required: flag.default(false),
    specification_field_enabled: flag.default(false),
    specification_field_required: flag.default(false),
    variation_field_enabled: flag.default(false),
    zone_field_enabled: flag.default(false),
    location_attributes_config: z.enum(LOCATION_ATTRIBUTES_CONFIGS).default('NONE'),
    location_attributes_custom_config: z
      .array(locationAttributeCustomConfigSchema)
      .max(500)
      .default([]),
  })
  .meta({ id: 'FormLocationSection' });
export type FormLocationSection = z.infer<typeof formLocationSectionSchema>;

const formSettingsFields = {
  enforce_required_fields: flag,
  operative_declaration_required: flag,
  operative_declaration_text: z.string().nullable(),
  approval_required: flag,
  qr_code_capture_enabled: flag,
  qr_code_capture_required: flag,
  confirm_location_status_on_submit: flag,
};

export const formRecordSchema = recordSchema
  .extend({
    global: flag,
    project_id: idSchema.nullable(),
    name: z.string(),
    ...formSettingsFields,
    location_section: formLocationSectionSchema,
    location_status_automation: locationStatusAutomationSchema,
    sections: z.array(formSectionSchema),
    archived_at: timestampSchema.nullable(),
    project_template_count: z.number().int(),
    in_use: flag,
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Form' });
export type FormRecord = z.infer<typeof formRecordSchema>;

/** The settings of a library form: what POST creates and PUT /forms/{id} changes. */
const formSettingsSchema = z.object({
  name: requiredName,
  enforce_required_fields: flag.optional(),
  operative_declaration_required: flag.optional(),
  operative_declaration_text: optionalText(5000),
  approval_required: flag.optional(),
  qr_code_capture_enabled: flag.optional(),
  qr_code_capture_required: flag.optional(),
  confirm_location_status_on_submit: flag.optional(),
  location_section: formLocationSectionSchema.partial().optional(),
  location_status_automation: locationStatusAutomationSchema.partial().optional(),
});
export const formUpdateSchema = formSettingsSchema.partial().meta({ id: 'FormUpdate' });

/** PUT /forms/new/{id}: the whole form. Items with an id already in the form are updated, others
 * created (a new item may bring its own fresh id so conditionals can name it); items left out
 * are deleted. */
export const formSaveFieldSchema = formFieldWriteSchema.extend({ id: idSchema.optional() });
export const formSaveSectionSchema = z.object({
  id: idSchema.optional(),
  name: requiredName,
  fields: z.array(formSaveFieldSchema).max(500),
});
const formSectionsSchema = z.array(formSaveSectionSchema).max(100);
/** POST /forms: the settings, and the sections with their fields when given (all or nothing). */
export const formCreateSchema = formSettingsSchema
  .extend({ sections: formSectionsSchema.optional() })
  .meta({ id: 'FormCreate' });
export type FormCreate = z.input<typeof formCreateSchema>;
export const formSaveSchema = formSettingsSchema
  .extend({ sections: formSectionsSchema })
  .meta({ id: 'FormSave' });
export type FormSave = z.input<typeof formSaveSchema>;
export type FormSaveField = z.infer<typeof formSaveFieldSchema>;
