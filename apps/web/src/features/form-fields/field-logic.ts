import {
  isFieldShown,
  type ConditionalNode,
  type FormFieldType,
  type TableColumnType,
} from '@fieldwork/contract';

/**
 * What the form preview and the job sheet screen both need to know about a form's fields while
 * someone answers them: which show (conditionals), which are required and still missing, which
 * step (section) to go to, and which answers a new sheet starts with (remembered values).
 */

/** A choice field's option as the builder (archived) or the API (archived_at) gives it. */
export interface RenderableOption {
  id: string;
  name: string;
  archived?: boolean | undefined;
  archived_at?: string | null | undefined;
}

/** A form field as the renderers need it (the builder's field and the API's FormField both fit). */
export interface RenderableField extends ConditionalNode {
  id: string;
  name: string;
  type: FormFieldType;
  required?: boolean | undefined;
  remember?: boolean | undefined;
  large_text?: boolean | undefined;
  precision?: number | null | undefined;
  capture_time?: boolean | undefined;
  default_to_now?: boolean | undefined;
  options?: RenderableOption[] | undefined;
  /** Help under the question; an instruction field's text. */
  description?: string | null | undefined;
  /** The points a pass scores (pass / fail / N/A). */
  score?: number | null | undefined;
  /** A table's columns. */
  columns?: RenderableColumn[] | undefined;
}

/** A table's column as the renderers need it. */
export interface RenderableColumn {
  id?: string | undefined;
  name: string;
  type: TableColumnType;
  required?: boolean | undefined;
  options?: { id?: string | undefined; name: string }[] | undefined;
}

/** A table's answer: rows of column id → cell. */
export type TableRowAnswer = Record<string, string | number | boolean | null>;

export const isBlankCell = (cell: unknown) => cell === undefined || cell === null || cell === '';

/** The first required cell left empty in a table's rows, in words ("Row 2: Gap needs an answer."). */
export function tableMissing(field: RenderableField, value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (const [index, row] of (value as TableRowAnswer[]).entries())
    for (const column of field.columns ?? [])
      if (column.required && column.id && isBlankCell(row[column.id]))
        return `Row ${index + 1}: ${column.name || 'this column'} needs an answer.`;
  return null;
}

/** The sheet's pass / fail / N/A total as the answers stand (fields shown only). */
export function scoreOf(
  sections: RenderableSection[],
  answers: FieldAnswers,
): { points: number; max: number; passed: number; failed: number; notApplicable: number } | null {
  const byId = fieldsById(sections);
  const scored = sections
    .flatMap((section) => shownFields(section, byId, answers))
    .filter((field) => field.type === 'PASS_FAIL');
  if (!sections.some((section) => section.fields.some((field) => field.type === 'PASS_FAIL')))
    return null;
  const total = { points: 0, max: 0, passed: 0, failed: 0, notApplicable: 0 };
  for (const field of scored) {
    const points = field.score ?? 1;
    const answer = answers[field.id];
    if (answer === 'PASS') {
      total.passed += 1;
      total.points += points;
      total.max += points;
    } else if (answer === 'FAIL') {
      total.failed += 1;
      total.max += points;
    } else if (answer === 'N_A') total.notApplicable += 1;
  }
  return total;
}

export interface RenderableSection<Field extends RenderableField = RenderableField> {
  id: string;
  name: string;
  fields: Field[];
}

/** The answers so far, by field id: a string, number, boolean, option id(s) or a signature. */
export type FieldAnswers = Record<string, unknown>;

/** A signature as drawn: a PNG data URL with its size, who signed and when. */
export interface SignatureAnswer {
  name: string;
  width: number;
  height: number;
  signature: string;
  timestamp: string;
}

export const liveOptions = (field: RenderableField): RenderableOption[] =>
  (field.options ?? []).filter((option) => !option.archived && !option.archived_at);

export function fieldsById(sections: RenderableSection[]): Map<string, RenderableField> {
  return new Map(sections.flatMap((section) => section.fields).map((field) => [field.id, field]));
}

/** The fields of a section that show with these answers, in order. */
export function shownFields<Field extends RenderableField>(
  section: RenderableSection<Field>,
  byId: Map<string, RenderableField>,
  answers: FieldAnswers,
): Field[] {
  return section.fields.filter((field) => isFieldShown(field, byId, answers));
}

/**
 * Whether a value counts as an answer: photos are counted by the caller (they are uploads, not a
 * value), so a photo field is answered when `photoCount` says so.
 */
export function isAnswered(field: RenderableField, value: unknown, photoCount = 0): boolean {
  switch (field.type) {
    case 'PHOTO':
      return photoCount > 0;
    case 'TEXT':
    case 'DATE':
    case 'SELECT':
    case 'TIME':
    case 'PASS_FAIL':
      return typeof value === 'string' && value.trim() !== '';
    case 'TABLE':
      return Array.isArray(value) && value.length > 0;
    case 'INSTRUCTION':
      return false;
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'BOOLEAN':
      return typeof value === 'boolean';
    case 'MULTI_SELECT':
      return Array.isArray(value) && value.length > 0;
    case 'SIGNATURE':
      return isSignature(value);
  }
}

export function isSignature(value: unknown): value is SignatureAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SignatureAnswer).signature === 'string' &&
    (value as SignatureAnswer).signature !== ''
  );
}

export const REQUIRED_MESSAGE = 'This question needs an answer.';

/**
 * Required fields that show (a required field hidden by its conditional is not asked) and are
 * not answered, as field id → message, for every section or one of them.
 */
export function missingRequired(
  sections: RenderableSection[],
  answers: FieldAnswers,
  photoCounts: Record<string, number> = {},
): Record<string, string> {
  const byId = fieldsById(sections);
  const missing: Record<string, string> = {};
  for (const section of sections)
    for (const field of shownFields(section, byId, answers)) {
      if (field.required && !isAnswered(field, answers[field.id], photoCounts[field.id] ?? 0))
        missing[field.id] = REQUIRED_MESSAGE;
      else if (field.type === 'TABLE') {
        const cell = tableMissing(field, answers[field.id]);
        if (cell) missing[field.id] = cell;
      }
    }
  return missing;
}

/** Step navigation over the sections: where a step number may go, and which steps need care. */
export interface StepState {
  current: number;
  count: number;
  isFirst: boolean;
  isLast: boolean;
  /** Indexes of the sections holding at least one of `errors`' fields. */
  stepsWithErrors: number[];
}

export function stepState(
  sections: RenderableSection[],
  current: number,
  errors: Record<string, string>,
): StepState {
  const count = sections.length;
  const step = clampStep(current, count);
  const stepsWithErrors = sections.flatMap((section, index) =>
    section.fields.some((field) => errors[field.id]) ? [index] : [],
  );
  return {
    current: step,
    count,
    isFirst: step === 0,
    isLast: step >= count - 1,
    stepsWithErrors,
  };
}

export const clampStep = (step: number, count: number) =>
  Math.max(0, Math.min(Number.isFinite(step) ? Math.trunc(step) : 0, Math.max(count - 1, 0)));

/**
 * The answers a new sheet starts with: a `remember` field takes the operative's previous answer
 * (when it is still a valid answer, e.g. its option not archived since); a date field with
 * default_to_now takes now. Answers already given are kept.
 */
export function startingAnswers(
  sections: RenderableSection[],
  answers: FieldAnswers,
  remembered: FieldAnswers,
  now: Date = new Date(),
): FieldAnswers {
  const result: FieldAnswers = { ...answers };
  for (const field of sections.flatMap((section) => section.fields)) {
    if (isAnswered(field, result[field.id])) continue;
    const previous = remembered[field.id];
    if (field.remember && isAnswered(field, previous) && fitsOptions(field, previous))
      result[field.id] = previous;
    else if (field.type === 'DATE' && field.default_to_now)
      result[field.id] = dateInputValue(now, field.capture_time ?? false);
  }
  return result;
}

function fitsOptions(field: RenderableField, value: unknown): boolean {
  if (field.type !== 'SELECT' && field.type !== 'MULTI_SELECT') return true;
  const ids = new Set(liveOptions(field).map((option) => option.id));
  return Array.isArray(value)
    ? value.every((id) => ids.has(id as string))
    : ids.has(value as string);
}

/** The value of an <input type=date|datetime-local> for a moment, in local time. */
export function dateInputValue(moment: Date, withTime: boolean): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
  return withTime ? `${day}T${pad(moment.getHours())}:${pad(moment.getMinutes())}` : day;
}
