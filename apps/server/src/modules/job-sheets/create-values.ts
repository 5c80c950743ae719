import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { sheetFields, type FormSource, type SheetField } from './sheet-fields';
import { EMPTY_VALUES, OPTIONS_ARRAY, VALUE_COLUMN, type ValueColumn } from './value-columns';

export interface NewSheet extends FormSource {
  id: string;
  operative_id: string | null;
}

type Values = Partial<Record<ValueColumn, unknown>>;

/**
 * The operative's answers on their previous sheet of the same form, for the fields marked
 * `remember`, keyed by the library field (so a value follows the field from project to project).
 */
async function rememberedValues(
  ctx: OrganisationContext,
  sheet: NewSheet,
  fields: SheetField[],
): Promise<Map<string, Values>> {
  const remembered = fields.filter((field) => field.remember && VALUE_COLUMN[field.type]);
  if (!remembered.length || !sheet.operative_id) return new Map();
  const { rows } = await ctx.db.query<Values & { source_key: string }>(
    `SELECT coalesce(f.source_id, f.id) AS source_key, v.value_string, v.value_number,
            v.value_boolean, v.value_date, v.value_option, v.value_options
       FROM job_sheet_field_values v
       JOIN form_fields f ON f.organisation_id = v.organisation_id AND f.id = v.form_field_id
      WHERE v.organisation_id = $1
        AND v.job_sheet_id = (SELECT s.id FROM job_sheets s
              WHERE s.organisation_id = $1 AND s.form_id = $2 AND s.operative_id = $3 AND s.id <> $4
              ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`,
    [ctx.organisationId, sheet.form_id, sheet.operative_id, sheet.id],
  );
  const keys = new Set(remembered.map((field) => field.source_key));
  return new Map(
    rows.filter((row) => keys.has(row.source_key)).map((row) => [row.source_key, row]),
  );
}

/** A date field that defaults to now: today, or this moment when it captures the time. */
function nowValue(field: SheetField): Values {
  if (field.type !== 'DATE' || !field.default_to_now) return {};
  const now = new Date().toISOString();
  return { value_date: field.capture_time ? now : now.slice(0, 10) };
}

/**
 * Makes one value row per field of a new sheet's form (one INSERT), pre-filled with remembered
 * answers and dates that default to now.
 */
export async function createValueRows(ctx: OrganisationContext, sheet: NewSheet) {
  const fields = await sheetFields(ctx, sheet);
  if (!fields.length) return;
  const remembered = await rememberedValues(ctx, sheet, fields);
  const rows = fields.map((field) => {
    const column = VALUE_COLUMN[field.type];
    const memory = field.remember && column ? remembered.get(field.source_key) : undefined;
    const prefill: Values = memory && column ? { [column]: memory[column] } : nowValue(field);
    return {
      id: newId(),
      form_field_id: field.id,
      form_section_id: field.section_id,
      section_name: field.section_name,
      section_order: field.section_order,
      name: field.name,
      type: field.type,
      order: field.order,
      conditional: field.conditional,
      score: field.type === 'PASS_FAIL' ? field.score : null,
      ...EMPTY_VALUES,
      ...prefill,
    };
  });
  await ctx.db.query(
    `INSERT INTO job_sheet_field_values (id, organisation_id, job_sheet_id, form_field_id,
        form_section_id, section_name, section_order, name, type, "order", conditional, score,
        value_string, value_number, value_boolean, value_date, value_option, value_options)
     SELECT x.id, $1, $2, x.form_field_id, x.form_section_id, x.section_name, x.section_order,
            x.name, x.type, x."order", x.conditional, x.score, x.value_string, x.value_number,
            x.value_boolean, x.value_date, x.value_option,
            ${OPTIONS_ARRAY}
       FROM jsonb_to_recordset($3::jsonb) AS x (id text, form_field_id text, form_section_id text,
            section_name text, section_order integer, name text, type text, "order" integer,
            conditional jsonb, score integer, value_string text, value_number double precision,
            value_boolean boolean, value_date text, value_option text, value_options jsonb)`,
    [ctx.organisationId, sheet.id, JSON.stringify(rows)],
  );
}
