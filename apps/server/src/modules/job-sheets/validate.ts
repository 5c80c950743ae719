import { isFieldShown, type JobSheetValidation } from '@fieldwork/contract';
import { locationErrors } from './location-checks';
import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';
import { checkFieldValue, valueErrors } from '../forms';
import { sheetFields, type SheetField } from './sheet-fields';
import { rawValueOf, VALUE_COLUMNS, type ValueRow } from './value-columns';

type SheetError = JobSheetValidation['errors'][number];

interface FormRules {
  id: string;
  enforce_required_fields: boolean;
  operative_declaration_required: boolean;
  operative_declaration_text: string | null;
}

async function formRules(ctx: OrganisationContext, formIds: string[]) {
  const { rows } = await ctx.db.query<FormRules>(
    `SELECT id, enforce_required_fields, operative_declaration_required, operative_declaration_text
       FROM forms WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, formIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each sheet's answers and the ids of its photos that did not fail, per value; and per sheet an
 * error for each photo field holding photos that could not be read (replace them first).
 */
async function answersOf(ctx: OrganisationContext, sheetIds: string[]) {
  const [values, photos, failed] = await Promise.all([
    ctx.db.query<ValueRow>(
      `SELECT id, job_sheet_id, form_field_id, type, ${VALUE_COLUMNS.join(', ')}
         FROM job_sheet_field_values WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[])`,
      [ctx.organisationId, sheetIds],
    ),
    ctx.db.query<{ id: string; job_sheet_field_value_id: string }>(
      `SELECT id, job_sheet_field_value_id FROM job_sheet_photos
        WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[]) AND status <> 'FAILED'`,
      [ctx.organisationId, sheetIds],
    ),
    ctx.db.query<{ job_sheet_id: string; form_field_id: string; name: string; count: number }>(
      `SELECT v.job_sheet_id, v.form_field_id, v.name, count(*)::int AS count
         FROM job_sheet_photos p
         JOIN job_sheet_field_values v
           ON v.organisation_id = p.organisation_id AND v.id = p.job_sheet_field_value_id
        WHERE p.organisation_id = $1 AND p.job_sheet_id = ANY($2::text[]) AND p.status = 'FAILED'
        GROUP BY v.job_sheet_id, v.form_field_id, v.name`,
      [ctx.organisationId, sheetIds],
    ),
  ]);
  const failedPhotos = new Map<string, SheetError[]>();
  for (const row of failed.rows)
    failedPhotos.set(row.job_sheet_id, [
      ...(failedPhotos.get(row.job_sheet_id) ?? []),
      {
        field: `field_values.${row.form_field_id}`,
        form_field_id: row.form_field_id,
        message: `${row.name}: ${row.count === 1 ? '1 photo' : `${row.count} photos`} could not be read; delete ${row.count === 1 ? 'it' : 'them'} and upload again.`,
        code: 'photo_failed',
      },
    ]);
  const photoIds = new Map<string, string[]>();
  for (const photo of photos.rows)
    photoIds.set(photo.job_sheet_field_value_id, [
      ...(photoIds.get(photo.job_sheet_field_value_id) ?? []),
      photo.id,
    ]);
  const bySheet = new Map<string, Record<string, unknown>>();
  const storedOptions = new Map<string, Set<string>>();
  for (const row of values.rows) {
    const answers = bySheet.get(row.job_sheet_id) ?? {};
    answers[row.form_field_id] = rawValueOf(row, photoIds.get(row.id));
    bySheet.set(row.job_sheet_id, answers);
    storedOptions.set(
      `${row.job_sheet_id}:${row.form_field_id}`,
      new Set([row.value_option ?? '', ...(row.value_options ?? [])]),
    );
  }
  return { bySheet, storedOptions, failedPhotos };
}

/** What one sheet's stored answers lack or get wrong, field by field. */
function fieldErrors(
  fields: SheetField[],
  answers: Record<string, unknown>,
  kept: (fieldId: string) => Set<string>,
  enforceRequired: boolean,
): SheetError[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const errors: SheetError[] = [];
  for (const field of fields) {
    if (!isFieldShown(field, byId, answers)) continue;
    const error = (message: string, code: string) =>
      errors.push({ field: `field_values.${field.id}`, form_field_id: field.id, message, code });
    const check = checkFieldValue(field, answers[field.id], kept(field.id), enforceRequired);
    if (!check.ok)
      for (const found of valueErrors(`field_values.${field.id}`, check))
        errors.push({ ...found, form_field_id: field.id });
    else if (check.value === null && field.required && enforceRequired)
      error(`${field.name} is required.`, 'required');
  }
  return errors;
}

/**
 * Whether sheets could be submitted as they stand: per field what is missing (required fields,
 * including those a condition shows) or no longer right, and the operative declaration when the
 * form asks for it (`declarationAccepted`: accepted in the same call).
 */
export async function validateSheets(
  ctx: OrganisationContext,
  sheets: Row[],
  declarationAccepted = false,
): Promise<JobSheetValidation[]> {
  if (!sheets.length) return [];
  const ids = sheets.map((sheet) => sheet.id);
  const [rules, answers, locations] = await Promise.all([
    formRules(ctx, [...new Set(sheets.map((sheet) => String(sheet.form_id)))]),
    answersOf(ctx, ids),
    locationErrors(ctx, ids),
  ]);
  const fieldsOf = new Map<string, Promise<SheetField[]>>();
  const results: JobSheetValidation[] = [];
  for (const sheet of sheets) {
    const source = {
      form_id: String(sheet.form_id),
      project_form_id: (sheet.project_form_id as string | null) ?? null,
    };
    const key = `${source.form_id}:${source.project_form_id}`;
    if (!fieldsOf.has(key)) fieldsOf.set(key, sheetFields(ctx, source));
    const fields = await fieldsOf.get(key)!;
    const form = rules.get(source.form_id);
    const errors = fieldErrors(
      fields,
      answers.bySheet.get(sheet.id) ?? {},
      (fieldId) => answers.storedOptions.get(`${sheet.id}:${fieldId}`) ?? new Set(),
      form?.enforce_required_fields ?? true,
    );
    if (
      form?.operative_declaration_required &&
      !sheet.operative_declaration_accepted_at &&
      !declarationAccepted
    )
      errors.push({
        field: 'operative_declaration_accepted',
        form_field_id: null,
        message: `Accept the declaration: ${form.operative_declaration_text ?? 'the operative declaration'}`,
        code: 'required',
      });
    errors.push(...(answers.failedPhotos.get(sheet.id) ?? []));
    errors.push(...(locations.get(sheet.id) ?? []));
    results.push({ id: sheet.id, valid: errors.length === 0, errors });
  }
  return results;
}
