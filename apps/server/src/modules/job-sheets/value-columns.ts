import {
  TYPED_VALUE_KEYS,
  type FormFieldType,
  type TableRow,
  type TypedValueKey,
} from '@fieldwork/contract';

/** The value_* column each field type stores its answer in (photos live in job_sheet_photos). */
export const VALUE_COLUMN: Record<FormFieldType, ValueColumn | null> = {
  TEXT: 'value_string',
  NUMBER: 'value_number',
  DATE: 'value_date',
  SELECT: 'value_option',
  MULTI_SELECT: 'value_options',
  BOOLEAN: 'value_boolean',
  SIGNATURE: 'value_signature',
  PHOTO: null,
  TIME: 'value_string',
  INSTRUCTION: null,
  PASS_FAIL: 'value_option',
  TABLE: 'value_rows',
};

export type ValueColumn = TypedValueKey | 'value_signature' | 'value_rows';
export const VALUE_COLUMNS: readonly ValueColumn[] = [
  ...TYPED_VALUE_KEYS,
  'value_signature',
  'value_rows',
];

/** A stored signature (value_signature): the image is a stored file under `key`. */
export interface StoredSignature {
  name: string | null;
  width: number;
  height: number;
  signature: string;
  key: string;
  timestamp: string;
}

/** One job_sheet_field_values row as stored. */
export interface ValueRow {
  id: string;
  job_sheet_id: string;
  form_field_id: string;
  type: FormFieldType;
  value_string: string | null;
  value_number: number | null;
  value_boolean: boolean | null;
  value_date: string | null;
  value_option: string | null;
  value_options: string[] | null;
  value_signature: StoredSignature | null;
  value_rows: TableRow[] | null;
}

/**
 * A stored answer as the form value check reads it: the type's column; a signature by its image
 * id; a photo field by the ids of its photos that did not fail.
 */
export function rawValueOf(row: ValueRow, photoIds: string[] = []): unknown {
  if (row.type === 'PHOTO') return photoIds;
  if (row.type === 'SIGNATURE') return row.value_signature?.signature ?? null;
  const column = VALUE_COLUMN[row.type];
  return column ? row[column] : null;
}

export const EMPTY_VALUES: Record<ValueColumn, null> = {
  value_string: null,
  value_number: null,
  value_boolean: null,
  value_date: null,
  value_option: null,
  value_options: null,
  value_signature: null,
  value_rows: null,
};

/** x.value_options (a jsonb list from jsonb_to_recordset) as text[], null staying null. */
export const OPTIONS_ARRAY = `CASE WHEN x.value_options IS NULL OR x.value_options = 'null'::jsonb THEN NULL
  ELSE ARRAY(SELECT jsonb_array_elements_text(x.value_options)) END`;
