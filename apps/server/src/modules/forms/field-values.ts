import {
  isFieldShown,
  PASS_FAIL_ANSWERS,
  TABLE_CELL_TEXT_MAX,
  TABLE_ROWS_MAX,
  TIME_OF_DAY,
  type AttributeOption,
  type FieldError,
  type FormFieldConditional,
  type FormFieldType,
  type FormTableColumn,
  type TableRow,
} from '@fieldwork/contract';

/** What a value check needs of a form field (a FormField record has all of it). */
export interface ValueField {
  id: string;
  name: string;
  type: FormFieldType;
  required: boolean;
  large_text: boolean;
  precision: number | null;
  capture_time: boolean;
  options: AttributeOption[];
  conditional: FormFieldConditional | null;
  /** A table's columns (absent or [] for the other types). */
  columns?: FormTableColumn[] | undefined;
}

export type FieldValue = string | number | boolean | string[] | TableRow[] | null;
/** A problem inside an answer (a table's cell), its path under the answer's: `rows.2.{columnId}`. */
export interface ValueIssue {
  path: string;
  message: string;
  code: string;
}
export type ValueCheck =
  | { ok: true; value: FieldValue }
  | { ok: false; message: string; code: string; issues?: ValueIssue[] };

/** A failed check as the errors of a 422, under `path` (each cell of a table on its own). */
export const valueErrors = (
  path: string,
  check: Extract<ValueCheck, { ok: false }>,
): FieldError[] =>
  check.issues?.length
    ? check.issues.map((issue) => ({
        field: `${path}.${issue.path}`,
        message: issue.message,
        code: issue.code,
      }))
    : [{ field: path, message: check.message, code: check.code }];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;
const TEXT_MAX = { small: 1000, large: 20000 };
const fail = (message: string, code = 'invalid'): ValueCheck => ({ ok: false, message, code });

/**
 * Validates one value against one form field, by type; null/undefined/empty means "no value".
 * A choice accepts only live options (an archived option may stay if it was already chosen:
 * pass it in `kept`). Signatures and photos are stored file ids (24-hex), photos a list.
 */
export function checkFieldValue(
  field: ValueField,
  raw: unknown,
  kept: ReadonlySet<string> = new Set(),
  enforceRequired = false,
): ValueCheck {
  if (field.type === 'INSTRUCTION')
    return raw === undefined || raw === null
      ? { ok: true, value: null }
      : fail('Instruction text takes no answer.');
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && !raw.length))
    return { ok: true, value: null };
  const liveOption = (id: unknown) =>
    typeof id === 'string' &&
    field.options.some((option) => option.id === id && (!option.archived_at || kept.has(id)));
  switch (field.type) {
    case 'TEXT': {
      if (typeof raw !== 'string') return fail('Must be text.');
      const max = field.large_text ? TEXT_MAX.large : TEXT_MAX.small;
      return raw.length > max
        ? fail(`At most ${max} characters.`, 'too_long')
        : { ok: true, value: raw };
    }
    case 'NUMBER': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail('Must be a number.');
      const decimals = (String(raw).split('.')[1] ?? '').length;
      if (decimals > (field.precision ?? 0))
        return fail(`At most ${field.precision ?? 0} decimal places.`);
      return { ok: true, value: raw };
    }
    case 'DATE': {
      if (typeof raw !== 'string') return fail('Must be a date.');
      if (field.capture_time) {
        const time = Date.parse(raw);
        return Number.isNaN(time) || DATE.test(raw)
          ? fail('Must be a date and time (ISO 8601).')
          : { ok: true, value: new Date(time).toISOString() };
      }
      return DATE.test(raw) && !Number.isNaN(Date.parse(raw))
        ? { ok: true, value: raw }
        : fail('Must be a date (YYYY-MM-DD).');
    }
    case 'SELECT':
      return liveOption(raw)
        ? { ok: true, value: raw as string }
        : fail('Must be one of the options.');
    case 'MULTI_SELECT':
      return Array.isArray(raw) && raw.every(liveOption) && new Set(raw).size === raw.length
        ? { ok: true, value: raw as string[] }
        : fail('Must be distinct options of the field.');
    case 'BOOLEAN':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : fail('Must be true or false.');
    case 'SIGNATURE':
      return typeof raw === 'string' && ID.test(raw)
        ? { ok: true, value: raw }
        : fail('Must be the id of a stored signature.');
    case 'PHOTO':
      return Array.isArray(raw) && raw.every((id) => typeof id === 'string' && ID.test(id))
        ? { ok: true, value: raw as string[] }
        : fail('Must be a list of photo ids.');
    case 'TIME':
      return typeof raw === 'string' && TIME_OF_DAY.test(raw)
        ? { ok: true, value: raw }
        : fail('Must be a time of day (HH:MM, 24-hour).');
    case 'PASS_FAIL':
      return typeof raw === 'string' && (PASS_FAIL_ANSWERS as readonly string[]).includes(raw)
        ? { ok: true, value: raw }
        : fail('Must be PASS, FAIL or N_A.');
    case 'TABLE':
      return checkTableRows(field.columns ?? [], raw, enforceRequired);
  }
}

const blankCell = (cell: unknown) => cell === undefined || cell === null || cell === '';

/** One cell against its column: the value to keep, or why not. */
function checkCell(column: FormTableColumn, cell: unknown): string | null {
  switch (column.type) {
    case 'TEXT':
      if (typeof cell !== 'string') return 'Must be text.';
      return cell.length > TABLE_CELL_TEXT_MAX
        ? `At most ${TABLE_CELL_TEXT_MAX} characters.`
        : null;
    case 'NUMBER':
      return typeof cell === 'number' && Number.isFinite(cell) ? null : 'Must be a number.';
    case 'DATE':
      return typeof cell === 'string' && DATE.test(cell) && !Number.isNaN(Date.parse(cell))
        ? null
        : 'Must be a date (YYYY-MM-DD).';
    case 'TIME':
      return typeof cell === 'string' && TIME_OF_DAY.test(cell)
        ? null
        : 'Must be a time of day (HH:MM, 24-hour).';
    case 'BOOLEAN':
      return typeof cell === 'boolean' ? null : 'Must be true or false.';
    case 'SELECT':
      return typeof cell === 'string' && column.options.some((option) => option.id === cell)
        ? null
        : 'Must be one of the column’s options.';
  }
}

/**
 * A table's rows: each an object of column id → cell, each cell checked by its column's type;
 * a key naming no column is refused; a required column's empty cell only when `enforceRequired`
 * (a row is filled in over several saves). Issues name `rows.{i}` or `rows.{i}.{columnId}`.
 */
function checkTableRows(
  columns: FormTableColumn[],
  raw: unknown,
  enforceRequired: boolean,
): ValueCheck {
  if (!Array.isArray(raw)) return fail('Must be a list of rows.');
  if (raw.length > TABLE_ROWS_MAX) return fail(`At most ${TABLE_ROWS_MAX} rows.`, 'too_many');
  const known = new Map(columns.map((column) => [column.id, column]));
  const issues: ValueIssue[] = [];
  const rows: TableRow[] = raw.map((row: unknown, index) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      issues.push({ path: `rows.${index}`, message: 'Must be a row of cells.', code: 'invalid' });
      return {};
    }
    const cells = row as Record<string, unknown>;
    for (const key of Object.keys(cells))
      if (!known.has(key))
        issues.push({
          path: `rows.${index}.${key}`,
          message: 'Not a column of this table.',
          code: 'not_found',
        });
    const kept: TableRow = {};
    for (const column of columns) {
      const cell = cells[column.id];
      const at = (message: string, code: string) =>
        issues.push({ path: `rows.${index}.${column.id}`, message, code });
      if (blankCell(cell)) {
        if (column.required && enforceRequired)
          at(`Row ${index + 1}: ${column.name} is required.`, 'required');
        kept[column.id] = null;
        continue;
      }
      const problem = checkCell(column, cell);
      if (problem) at(`Row ${index + 1}: ${column.name}: ${problem}`, 'invalid');
      else kept[column.id] = cell as string | number | boolean;
    }
    return kept;
  });
  return issues.length
    ? { ok: false, message: issues[0]!.message, code: issues[0]!.code, issues }
    : { ok: true, value: rows };
}

/**
 * Validates a whole set of values (field id → value) against a form's fields: each value by its
 * type; a field hidden by its conditional takes no value and is never required; a shown required
 * field must have one when `enforceRequired` (e.g. on submit). Values naming no field are refused.
 */
export function checkFormValues(
  fields: ValueField[],
  values: Record<string, unknown>,
  options: { enforceRequired: boolean; prefix?: string },
): { values: Record<string, FieldValue>; errors: FieldError[] } {
  const prefix = options.prefix ?? 'field_values';
  const byId = new Map(fields.map((field) => [field.id, field]));
  const errors: FieldError[] = [];
  const result: Record<string, FieldValue> = {};
  for (const id of Object.keys(values))
    if (!byId.has(id))
      errors.push({
        field: `${prefix}.${id}`,
        message: 'Not a field of this form.',
        code: 'not_found',
      });
  for (const field of fields) {
    const path = `${prefix}.${field.id}`;
    const check = checkFieldValue(field, values[field.id], new Set(), options.enforceRequired);
    if (!check.ok) {
      errors.push(...valueErrors(path, check));
      continue;
    }
    if (!isFieldShown(field, byId, values)) {
      if (check.value !== null)
        errors.push({
          field: path,
          message: 'This field is hidden by its condition.',
          code: 'hidden',
        });
      continue;
    }
    if (check.value === null && field.required && options.enforceRequired)
      errors.push({ field: path, message: `${field.name} is required.`, code: 'required' });
    result[field.id] = check.value;
  }
  return { values: result, errors };
}
