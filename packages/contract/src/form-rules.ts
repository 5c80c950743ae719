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
  'TIME',
  'INSTRUCTION',
  'PASS_FAIL',
  'TABLE',
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
  TIME: 'Time',
  INSTRUCTION: 'Instruction text',
  PASS_FAIL: 'Pass / fail / N/A',
  TABLE: 'Table',
};

/**
 * Inspection types (docs/form-field-types.md). TIME answers a time of day (HH:MM, 24-hour);
 * INSTRUCTION shows its name and description and takes no answer; PASS_FAIL answers PASS, FAIL or
 * N_A and scores `score` points for a pass; TABLE answers rows whose cells are its `columns`.
 */
export const PASS_FAIL_ANSWERS = ['PASS', 'FAIL', 'N_A'] as const;
export type PassFailAnswer = (typeof PASS_FAIL_ANSWERS)[number];
export const PASS_FAIL_LABELS: Record<PassFailAnswer, string> = {
  PASS: 'Pass',
  FAIL: 'Fail',
  N_A: 'N/A',
};
/** The points a pass scores when the builder does not say (a fail scores none, N/A is left out). */
export const PASS_FAIL_DEFAULT_SCORE = 1;
export const PASS_FAIL_SCORE_MAX = 1000;
/** The cell types of a table's columns. */
export const TABLE_COLUMN_TYPES = ['TEXT', 'NUMBER', 'DATE', 'TIME', 'BOOLEAN', 'SELECT'] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];
export const TABLE_COLUMN_TYPE_LABELS: Record<TableColumnType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  DATE: 'Date',
  TIME: 'Time',
  BOOLEAN: 'Yes / no',
  SELECT: 'Single choice',
};
export const TABLE_COLUMNS_MAX = 20;
export const TABLE_ROWS_MAX = 200;
/** The longest text a table cell keeps. */
export const TABLE_CELL_TEXT_MAX = 1000;
export const FIELD_DESCRIPTION_MAX = 5000;
/** A time of day as answered: HH:MM, 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Types that take no answer. */
export const ANSWERLESS_TYPES: readonly FormFieldType[] = ['INSTRUCTION'];
/** Types another field's conditional may depend on: their values are a closed set. */
export const CONDITIONAL_SOURCE_TYPES: readonly FormFieldType[] = [
  'SELECT',
  'MULTI_SELECT',
  'BOOLEAN',
  'PASS_FAIL',
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
  required?: boolean | undefined;
  score?: number | null | undefined;
  columns?: TableColumnSettings[] | undefined;
}

/** A table's column as a write sends it. */
export interface TableColumnSettings {
  id?: string | undefined;
  name: string;
  type: TableColumnType;
  required?: boolean | undefined;
  options?: { id?: string | undefined; name: string }[] | undefined;
}

/** What a table's columns get wrong, keyed `columns.{i}.{setting}`. */
export function tableColumnIssues(columns: TableColumnSettings[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!columns.length)
    issues.push({ field: 'columns', message: 'Add at least one column.', code: 'required' });
  if (columns.length > TABLE_COLUMNS_MAX)
    issues.push({
      field: 'columns',
      message: `At most ${TABLE_COLUMNS_MAX} columns.`,
      code: 'too_many',
    });
  const names = new Set<string>();
  const ids = new Set<string>();
  columns.forEach((column, index) => {
    const at = (key: string, message: string, code: string) =>
      issues.push({ field: `columns.${index}.${key}`, message, code });
    const name = column.name.trim().toLowerCase();
    if (!name) at('name', 'Required', 'required');
    else if (names.has(name)) at('name', 'Another column has this name.', 'duplicate');
    names.add(name);
    if (column.id !== undefined) {
      if (ids.has(column.id)) at('id', 'Another column has this id.', 'duplicate');
      ids.add(column.id);
    }
    const options = column.options ?? [];
    if (column.type === 'SELECT' && !options.length)
      at('options', 'Add at least one option.', 'required');
    if (column.type !== 'SELECT' && options.length)
      at('options', 'Only a choice column has options.', 'not_allowed');
    options.forEach((option, o) => {
      if (!option.name.trim()) at(`options.${o}.name`, 'Required', 'required');
    });
  });
  return issues;
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
  if (field.score != null && type !== 'PASS_FAIL')
    refuse('score', 'Only a pass / fail / N/A field has a score.');
  if (type !== 'TABLE' && field.columns?.length) refuse('columns', 'Only a table has columns.');
  if (type === 'TABLE' && field.columns !== undefined)
    issues.push(...tableColumnIssues(field.columns));
  if (type === 'INSTRUCTION') {
    if (field.required)
      refuse('required', 'Instruction text takes no answer: it cannot be required.');
    if (field.remember) refuse('remember', 'Instruction text takes no answer to remember.');
  }
  if (type === 'TABLE' && field.remember)
    refuse('remember', 'A table cannot be remembered between job sheets.');
  if (
    (field.show_in_job_items_table || field.enable_filter_for_job_items_table) &&
    (type === 'INSTRUCTION' || type === 'TABLE')
  )
    refuse('show_in_job_items_table', 'Instruction text or a table cannot be a job items column.');
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

/** Whether a conditional's value is one the source field can take. */
export function conditionalValueFits(
  source: Pick<ConditionalNode, 'type' | 'options'>,
  value: string | boolean,
): boolean {
  if (source.type === 'BOOLEAN') return typeof value === 'boolean';
  if (source.type === 'PASS_FAIL')
    return typeof value === 'string' && (PASS_FAIL_ANSWERS as readonly string[]).includes(value);
  return typeof value === 'string' && (source.options ?? []).some((option) => option.id === value);
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
      report(
        index,
        'A conditional can only test a choice, yes/no or pass / fail / N/A field.',
        'invalid',
      );
      return;
    }
    if (!conditionalValueFits(source, rule.value))
      report(index, 'The conditional value is not one the field can take.', 'invalid');
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
