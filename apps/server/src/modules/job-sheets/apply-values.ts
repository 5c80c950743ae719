import {
  isFieldShown,
  type FieldError,
  type JobSheetFieldValueInput,
  type SignatureValueInput,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import { checkFieldValue, valueErrors } from '../forms';
import { sheetFields, type FormSource } from './sheet-fields';
import { checkSignature, storeSignature, type PendingSignature } from './signatures';
import {
  OPTIONS_ARRAY,
  VALUE_COLUMN,
  VALUE_COLUMNS,
  rawValueOf,
  type ValueColumn,
  type ValueRow,
} from './value-columns';

export interface SheetRef extends FormSource {
  id: string;
}

export async function valueRowsOf(ctx: OrganisationContext, sheetId: string) {
  const { rows } = await ctx.db.query<ValueRow>(
    `SELECT id, job_sheet_id, form_field_id, type, ${VALUE_COLUMNS.join(', ')}
       FROM job_sheet_field_values WHERE organisation_id = $1 AND job_sheet_id = $2`,
    [ctx.organisationId, sheetId],
  );
  return rows;
}

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * Saves answers on a sheet: each checked against its field (type, options, precision, a
 * signature's image); a field hidden by its condition after the change loses its answer. All or
 * nothing: any wrong answer is a 422 naming `field_values.{form_field_id}`.
 */
export async function applyValueInputs(
  ctx: OrganisationContext,
  sheet: SheetRef,
  inputs: JobSheetFieldValueInput[],
) {
  if (!inputs.length) return;
  const [fields, rows] = await Promise.all([sheetFields(ctx, sheet), valueRowsOf(ctx, sheet.id)]);
  const fieldsById = new Map(fields.map((field) => [field.id, field]));
  const rowsByField = new Map(rows.map((row) => [row.form_field_id, row]));
  const values: Record<string, unknown> = Object.fromEntries(
    rows.map((row) => [row.form_field_id, rawValueOf(row)]),
  );
  const changes = new Map<string, Partial<Record<ValueColumn, unknown>>>();
  const signatures: PendingSignature[] = [];
  const errors: FieldError[] = [];

  for (const input of inputs) {
    const path = `field_values.${input.form_field_id}`;
    const field = fieldsById.get(input.form_field_id);
    const row = rowsByField.get(input.form_field_id);
    if (!field || !row) {
      errors.push({
        field: path,
        message: 'Not a field of this job sheet’s form.',
        code: 'not_found',
      });
      continue;
    }
    const column = VALUE_COLUMN[field.type];
    const stray = VALUE_COLUMNS.filter((key) => key !== column && given(input[key]));
    if (stray.length || !column) {
      errors.push({
        field: path,
        message: column
          ? `A ${field.type.toLowerCase().replace('_', ' / ')} field takes ${column}.`
          : field.type === 'INSTRUCTION'
            ? 'Instruction text takes no answer.'
            : 'Photos are uploaded on their own (POST /job_sheet_photos).',
        code: 'invalid',
      });
      continue;
    }
    const raw = input[column];
    if (raw === undefined) continue;
    if (field.type === 'SIGNATURE') {
      if (raw === null) {
        changes.set(field.id, { value_signature: null });
        values[field.id] = null;
        continue;
      }
      const checked = checkSignature(
        ctx,
        sheet.id,
        raw as SignatureValueInput,
        row.value_signature,
      );
      if (typeof checked === 'string') {
        errors.push({ field: path, message: checked, code: 'invalid' });
        continue;
      }
      signatures.push(checked);
      changes.set(field.id, { value_signature: checked.value });
      values[field.id] = checked.value.signature;
      continue;
    }
    const kept = new Set(
      [row.value_option, ...(row.value_options ?? [])].filter(given) as string[],
    );
    const check = checkFieldValue(field, raw, kept);
    if (!check.ok) {
      errors.push(...valueErrors(path, check));
      continue;
    }
    changes.set(field.id, { [column]: check.value });
    values[field.id] = check.value;
  }
  if (errors.length) throw validationFailure(errors);

  // Answers of fields the new answers hide are cleared (photos stay, unused, until deleted).
  for (const field of fields) {
    const column = VALUE_COLUMN[field.type];
    if (!column || !field.conditional || isFieldShown(field, fieldsById, values)) continue;
    if (values[field.id] !== null && values[field.id] !== undefined) {
      changes.set(field.id, { [column]: null });
      values[field.id] = null;
    }
  }
  if (!changes.size) return;
  for (const pending of signatures) await storeSignature(ctx, pending);
  const updated = [...changes].map(([fieldId, change]) => {
    const row = rowsByField.get(fieldId)!;
    const current = Object.fromEntries(VALUE_COLUMNS.map((key) => [key, row[key]]));
    return { id: row.id, ...current, ...change };
  });
  await ctx.db.query(
    `UPDATE job_sheet_field_values v
        SET value_string = x.value_string, value_number = x.value_number,
            value_boolean = x.value_boolean, value_date = x.value_date,
            value_option = x.value_option, value_options = ${OPTIONS_ARRAY},
            value_signature = x.value_signature, value_rows = nullif(x.value_rows, 'null'::jsonb), updated_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS x (id text, value_string text,
            value_number double precision, value_boolean boolean, value_date text,
            value_option text, value_options jsonb, value_signature jsonb, value_rows jsonb)
      WHERE v.organisation_id = $1 AND v.id = x.id`,
    [ctx.organisationId, JSON.stringify(updated)],
  );
  await ctx.db.query(
    `UPDATE job_sheets SET updated_at = now() WHERE organisation_id = $1 AND id = $2`,
    [ctx.organisationId, sheet.id],
  );
  // A replaced or cleared signature's old file goes once this commits.
  if ([...changes.values()].some((change) => 'value_signature' in change))
    await removeStoredFilesAfterCommit(ctx);
}
