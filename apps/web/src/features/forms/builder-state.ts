import {
  conditionalIssues,
  CONDITIONAL_SOURCE_TYPES,
  fieldSettingIssues,
  PASS_FAIL_DEFAULT_SCORE,
  type FormFieldType,
  type FormRecord,
  type FormSave,
  type TableColumnType,
} from '@fieldwork/contract';

/**
 * The builder's state: a form as PUT /forms/new/{id} takes it, every section, field and option
 * carrying an id (new ones get a fresh one here) so conditionals can name them before the first
 * save. Error paths (sections.0.fields.1.name) are the server's, so its 422 lands on the inputs.
 */
export interface BuilderOption {
  id: string;
  name: string;
  archived?: boolean;
}
export interface BuilderColumn {
  id: string;
  name: string;
  type: TableColumnType;
  required: boolean;
  options: { id: string; name: string }[];
}
export type BuilderField = Omit<
  FormSave['sections'][number]['fields'][number],
  'id' | 'options' | 'columns'
> & {
  id: string;
  options: BuilderOption[];
  columns: BuilderColumn[];
};
export interface BuilderSection {
  id: string;
  name: string;
  fields: BuilderField[];
}
export type BuilderValues = Omit<FormSave, 'sections'> & { sections: BuilderSection[] };

/** A fresh 24-hex id, the shape of every server id. */
export function newBuilderId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function toBuilderValues(form: FormRecord): BuilderValues {
  return {
    name: form.name,
    enforce_required_fields: form.enforce_required_fields,
    operative_declaration_required: form.operative_declaration_required,
    operative_declaration_text: form.operative_declaration_text,
    approval_required: form.approval_required,
    qr_code_capture_enabled: form.qr_code_capture_enabled,
    qr_code_capture_required: form.qr_code_capture_required,
    confirm_location_status_on_submit: form.confirm_location_status_on_submit,
    location_section: form.location_section,
    sections: form.sections.map((section) => ({
      id: section.id,
      name: section.name,
      fields: section.fields.map((field) => ({
        id: field.id,
        name: field.name,
        type: field.type,
        required: field.required,
        remember: field.remember,
        large_text: field.large_text,
        precision: field.precision,
        capture_time: field.capture_time,
        default_to_now: field.default_to_now,
        show_in_job_items_table: field.show_in_job_items_table,
        enable_filter_for_job_items_table: field.enable_filter_for_job_items_table,
        pdf_report_visibility: field.pdf_report_visibility,
        options: field.options.map((option) => ({
          id: option.id,
          name: option.name,
          archived: option.archived_at !== null,
        })),
        conditional: field.conditional,
        description: field.description,
        score: field.score,
        columns: field.columns.map((column) => ({
          ...column,
          options: column.options.map((option) => ({ ...option })),
        })),
      })),
    })),
  };
}

/** A form not created yet: no name, no sections, the server's defaults. */
export function blankBuilderValues(): BuilderValues {
  return {
    name: '',
    enforce_required_fields: true,
    operative_declaration_required: false,
    operative_declaration_text: null,
    approval_required: false,
    qr_code_capture_enabled: false,
    qr_code_capture_required: false,
    confirm_location_status_on_submit: false,
    sections: [],
  };
}

export function newField(type: FormFieldType, name: string): BuilderField {
  const choice = type === 'SELECT' || type === 'MULTI_SELECT';
  return {
    id: newBuilderId(),
    name,
    type,
    required: false,
    remember: false,
    large_text: false,
    precision: type === 'NUMBER' ? 0 : null,
    capture_time: false,
    default_to_now: false,
    show_in_job_items_table: false,
    enable_filter_for_job_items_table: false,
    pdf_report_visibility: 'ALWAYS',
    options: choice ? [{ id: newBuilderId(), name: 'Option 1' }] : [],
    conditional: null,
    description: null,
    score: type === 'PASS_FAIL' ? PASS_FAIL_DEFAULT_SCORE : null,
    columns: type === 'TABLE' ? [newColumn('Item')] : [],
  };
}

/** A table column: a text column unless told otherwise. */
export function newColumn(name: string, type: TableColumnType = 'TEXT'): BuilderColumn {
  return {
    id: newBuilderId(),
    name,
    type,
    required: false,
    options: type === 'SELECT' ? [{ id: newBuilderId(), name: 'Option 1' }] : [],
  };
}

/** A field after its type changed: settings the new type cannot have are cleared. */
export function withType(field: BuilderField, type: FormFieldType): BuilderField {
  const fresh = newField(type, field.name);
  return {
    ...fresh,
    id: field.id,
    pdf_report_visibility: field.pdf_report_visibility,
    conditional: field.conditional,
    description: field.description,
    required: type === 'INSTRUCTION' ? false : field.required,
    options: fresh.options.length && field.options.length ? field.options : fresh.options,
    columns: fresh.columns.length && field.columns.length ? field.columns : fresh.columns,
  };
}

/** Fields before `fieldId` in form order whose value a conditional can test. */
export function conditionalSources(values: BuilderValues, fieldId: string): BuilderField[] {
  const ordered = values.sections.flatMap((section) => section.fields);
  const index = ordered.findIndex((field) => field.id === fieldId);
  return ordered
    .slice(0, index < 0 ? ordered.length : index)
    .filter((field) => CONDITIONAL_SOURCE_TYPES.includes(field.type));
}

/** Moves a field to a section at an index (same or another section). */
export function moveField(
  values: BuilderValues,
  fieldId: string,
  toSectionId: string,
  toIndex: number,
): BuilderSection[] {
  const field = values.sections.flatMap((section) => section.fields).find((f) => f.id === fieldId);
  if (!field) return values.sections;
  return values.sections.map((section) => {
    const fields = section.fields.filter((f) => f.id !== fieldId);
    if (section.id === toSectionId) fields.splice(Math.min(toIndex, fields.length), 0, field);
    return { ...section, fields };
  });
}

/**
 * The checks the server makes, run in the browser: names, each type's settings (the contract's
 * fieldSettingIssues) and conditionals (conditionalIssues). Not the zod schemas themselves: zod
 * probes eval when it builds a schema, which the Content-Security-Policy reports (decisions.md).
 */
export function validateBuilder(values: BuilderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const named = (path: string, name: string) => {
    if (!name.trim()) errors[path] = 'Required';
    else if (name.length > 255) errors[path] = 'At most 255 characters';
  };
  named('name', values.name);
  const paths: string[] = [];
  values.sections.forEach((section, s) => named(`sections.${s}.name`, section.name));
  values.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      const path = `sections.${s}.fields.${f}`;
      paths.push(path);
      named(`${path}.name`, field.name);
      field.options.forEach((option, o) => named(`${path}.options.${o}.name`, option.name));
      field.columns.forEach((column, c) =>
        column.options.forEach((option, o) =>
          named(`${path}.columns.${c}.options.${o}.name`, option.name),
        ),
      );
      for (const issue of fieldSettingIssues(field))
        errors[`${path}.${issue.field}`] ??= issue.message;
    }),
  );
  const fields = values.sections.flatMap((section) => section.fields);
  for (const { index, issue } of conditionalIssues(fields))
    errors[`${paths[index]}.${issue.field}`] ??= issue.message;
  return errors;
}
