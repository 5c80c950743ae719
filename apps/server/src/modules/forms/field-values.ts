import {
  isFieldShown,
  type AttributeOption,
  type FieldError,
  type FormFieldConditional,
  type FormFieldType,
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
}

export type FieldValue = string | number | boolean | string[] | null;
export type ValueCheck =
  { ok: true; value: FieldValue } | { ok: false; message: string; code: string };

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
): ValueCheck {
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
  }
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
    const check = checkFieldValue(field, values[field.id]);
    if (!check.ok) {
      errors.push({ field: path, message: check.message, code: check.code });
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
