import type {
  AttributeOption,
  FormFieldConditional,
  FormFieldType,
  FormTableColumn,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import type { ValueField } from '../forms';

/** A form field as a job sheet fills it in: what the value check needs, plus its place. */
export interface SheetField extends ValueField {
  /** The library field it copies (or itself): remembered values follow a field across projects. */
  source_key: string;
  remember: boolean;
  default_to_now: boolean;
  order: number;
  section_id: string;
  section_name: string;
  section_order: number;
  score: number | null;
}

/** Which fields a sheet fills in: its project's copy of the form, or the library form itself. */
export interface FormSource {
  form_id: string;
  project_form_id: string | null;
}

interface FieldRow {
  id: string;
  source_id: string | null;
  name: string;
  type: FormFieldType;
  required: boolean;
  remember: boolean;
  large_text: boolean;
  precision: number | null;
  capture_time: boolean;
  default_to_now: boolean;
  options: AttributeOption[];
  conditional: FormFieldConditional | null;
  columns: FormTableColumn[];
  score: number | null;
  order: number;
  section_id: string;
  section_name: string;
  section_order: number;
}

/** The fields of the form a sheet fills in, in section then field order. */
export async function sheetFields(
  ctx: OrganisationContext,
  source: FormSource,
): Promise<SheetField[]> {
  const owner = source.project_form_id
    ? { column: 'project_form_id', id: source.project_form_id }
    : { column: 'form_id', id: source.form_id };
  const { rows } = await ctx.db.query<FieldRow>(
    `SELECT f.id, f.source_id, f.name, f.type, f.required, f.remember, f.large_text, f.precision,
            f.capture_time, f.default_to_now, f.options, f.conditional, f.columns, f.score,
            f."order",
            s.id AS section_id, s.name AS section_name, s."order" AS section_order
       FROM form_fields f
       JOIN form_sections s ON s.organisation_id = f.organisation_id AND s.id = f.form_section_id
      WHERE f.organisation_id = $1 AND f.${owner.column} = $2
      ORDER BY s."order", s.id, f."order", f.id`,
    [ctx.organisationId, owner.id],
  );
  return rows.map((row) => ({ ...row, source_key: row.source_id ?? row.id }));
}

/**
 * The form a new sheet of `formId` on a job of `projectId` fills in: the project's copy when it
 * has fields (forms/sync copies them), else the library form.
 */
export async function formSourceFor(
  ctx: OrganisationContext,
  projectId: string,
  formId: string,
): Promise<FormSource | null> {
  const { rows } = await ctx.db.query<{ project_form_id: string | null; has_fields: boolean }>(
    `SELECT pf.id AS project_form_id,
            EXISTS (SELECT 1 FROM form_fields f
                     WHERE f.organisation_id = pf.organisation_id AND f.project_form_id = pf.id) AS has_fields
       FROM project_forms pf
      WHERE pf.organisation_id = $1 AND pf.project_id = $2 AND pf.form_id = $3`,
    [ctx.organisationId, projectId, formId],
  );
  const copy = rows[0];
  if (!copy) return null;
  return { form_id: formId, project_form_id: copy.has_fields ? copy.project_form_id : null };
}
