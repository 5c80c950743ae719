/**
 * The rules of form fields that the server and the form builder both apply: what each type's
 * settings allow, and whether conditionals are sound. Plain functions without zod, so the web app
 * can use them without building (and shipping) the form schemas.
 */

/** Field types. A date field with capture_time is a date-time; a text field with large_text is large text. */
export const FORM_FIELD_TYPES = [
  'TEXT',
  'NUMBER',
  'DATE',
  'SELECT',
  'MULTI_SELECT',
  'BOOLEAN',
  'SIGNATURE',
  'PHOTO',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  DATE: 'Date',
  SELECT: 'Single choice',
  MULTI_SELECT: 'Multiple choice',
  BOOLEAN: 'Yes / no',
  SIGNATURE: 'Signature',
  PHOTO: 'Photo',
};
/** Types another field's conditional may depend on: their values are a closed set. */
export const CONDITIONAL_SOURCE_TYPES: readonly FormFieldType[] = [
  'SELECT',
  'MULTI_SELECT',
  'BOOLEAN',
];
export const FORM_FIELD_PRECISION_MAX = 6;

export interface FieldIssue {
  field: string;
  message: string;
  code: string;
}

/** A field's settings as a write sends them (FormFieldWrite, structurally). */
interface FieldSettings {
  type: FormFieldType;
  large_text?: boolean | undefined;
  precision?: number | null | undefined;
  capture_time?: boolean | undefined;
  default_to_now?: boolean | undefined;
  remember?: boolean | undefined;
  show_in_job_items_table?: boolean | undefined;
  enable_filter_for_job_items_table?: boolean | undefined;
  options?: { id?: string | undefined; name: string; archived?: boolean | undefined }[] | undefined;
}

/** What a field's type does not allow among its settings (server and builder alike). */
export function fieldSettingIssues(field: FieldSettings): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const refuse = (key: keyof FieldSettings, message: string) =>
    issues.push({ field: key, message, code: 'not_allowed' });
  const { type } = field;
  if (field.large_text && type !== 'TEXT') refuse('large_text', 'Only a text field can be large.');
  if (field.precision != null && type !== 'NUMBER')
    refuse('precision', 'Only a number field has a precision.');
  if (field.capture_time && type !== 'DATE')
    refuse('capture_time', 'Only a date field can capture the time.');
  if (field.default_to_now && type !== 'DATE')
    refuse('default_to_now', 'Only a date field can default to now.');
  const choice = type === 'SELECT' || type === 'MULTI_SELECT';
  const liveOptions = (field.options ?? []).filter((option) => !option.archived);
  if (choice && field.options !== undefined && liveOptions.length === 0)
    issues.push({ field: 'options', message: 'Add at least one option.', code: 'required' });
  if (!choice && field.options?.length) refuse('options', 'Only a choice field has options.');
  if (field.remember && (type === 'SIGNATURE' || type === 'PHOTO'))
    refuse('remember', 'A signature or photo cannot be remembered between job sheets.');
  if (
    (field.show_in_job_items_table || field.enable_filter_for_job_items_table) &&
    (type === 'SIGNATURE' || type === 'PHOTO')
  )
    refuse('show_in_job_items_table', 'A signature or photo cannot be a job items column.');
  if (field.enable_filter_for_job_items_table && !field.show_in_job_items_table)
    refuse(
      'enable_filter_for_job_items_table',
      'Only a field shown in the job items table can be filtered on.',
    );
  return issues;
}

export interface ConditionalNode {
  id: string;
  type: FormFieldType;
  options?: { id?: string | undefined }[] | undefined;
  conditional?: { field_id: string; value: string | boolean } | null | undefined;
}

/**
 * Conditionals of a whole form: each must name another field of the form, of a type whose value
 * it can test, with a value that field can take; and following them must never come back round.
 * Issues are keyed by the index of the field in `fields`.
 */
export function conditionalIssues(
  fields: ConditionalNode[],
): { index: number; issue: FieldIssue }[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const result: { index: number; issue: FieldIssue }[] = [];
  const report = (index: number, message: string, code: string) =>
    result.push({ index, issue: { field: 'conditional', message, code } });
  fields.forEach((field, index) => {
    const rule = field.conditional;
    if (!rule) return;
    const source = byId.get(rule.field_id);
    if (!source || source.id === field.id) {
      report(index, 'The conditional must name another field of this form.', 'not_found');
      return;
    }
    if (!CONDITIONAL_SOURCE_TYPES.includes(source.type)) {
      report(index, 'A conditional can only test a choice or yes/no field.', 'invalid');
      return;
    }
    const fits =
      source.type === 'BOOLEAN'
        ? typeof rule.value === 'boolean'
        : typeof rule.value === 'string' &&
          (source.options ?? []).some((option) => option.id === rule.value);
    if (!fits) report(index, 'The conditional value is not one the field can take.', 'invalid');
  });
  fields.forEach((field, index) => {
    const seen = new Set<string>([field.id]);
    let next = field.conditional ? byId.get(field.conditional.field_id) : undefined;
    while (next) {
      if (seen.has(next.id)) {
        if (next.id === field.id)
          report(index, 'The conditionals of this form form a cycle.', 'cycle');
        return;
      }
      seen.add(next.id);
      next = next.conditional ? byId.get(next.conditional.field_id) : undefined;
    }
  });
  return result;
}

/** Whether a field shows, given the values entered so far (a conditional's source must show too). */
export function isFieldShown(
  field: ConditionalNode,
  fieldsById: Map<string, ConditionalNode>,
  values: Record<string, unknown>,
  seen: Set<string> = new Set(),
): boolean {
  const rule = field.conditional;
  if (!rule) return true;
  if (seen.has(field.id)) return false;
  const source = fieldsById.get(rule.field_id);
  if (!source || !isFieldShown(source, fieldsById, values, new Set([...seen, field.id])))
    return false;
  const value = values[source.id];
  return Array.isArray(value) ? value.includes(rule.value) : value === rule.value;
}
