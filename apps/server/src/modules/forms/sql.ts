/**
 * SQL that reads a form's sections with their fields as JSON, in order, shaped exactly like the
 * FormSection and FormField records, for a library form (form_id) or a project copy
 * (project_form_id).
 */
export type FormOwnerColumn = 'form_id' | 'project_form_id';

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One form_fields row (alias f) as a FormField record. */
export const FIELD_JSON = `json_build_object(
  'id', f.id, 'created_at', ${iso('f.created_at')}, 'updated_at', ${iso('f.updated_at')},
  'form_id', coalesce(f.form_id, f.project_form_id), 'form_section_id', f.form_section_id,
  'name', f.name, 'type', f.type, 'order', f."order", 'required', f.required,
  'remember', f.remember, 'large_text', f.large_text, 'precision', f.precision,
  'capture_time', f.capture_time, 'default_to_now', f.default_to_now,
  'show_in_job_items_table', f.show_in_job_items_table,
  'enable_filter_for_job_items_table', f.enable_filter_for_job_items_table,
  'pdf_report_visibility', f.pdf_report_visibility, 'options', f.options,
  'has_options', jsonb_array_length(f.options) > 0, 'conditional', f.conditional)`;

/** The fields of the section row aliased s. */
export const SECTION_FIELDS_JSON = `(SELECT coalesce(json_agg(${FIELD_JSON} ORDER BY f."order", f.id), '[]'::json)
   FROM form_fields f WHERE f.organisation_id = s.organisation_id AND f.form_section_id = s.id)`;

/** The sections (with fields) of the form whose id is `ownerId` (SQL over the outer row). */
export function sectionsJson(owner: FormOwnerColumn, ownerId: string) {
  return `(SELECT coalesce(json_agg(json_build_object(
      'id', s.id, 'created_at', ${iso('s.created_at')}, 'updated_at', ${iso('s.updated_at')},
      'form_id', s.${owner}, 'name', s.name, 'order', s."order",
      'fields', ${SECTION_FIELDS_JSON}) ORDER BY s."order", s.id), '[]'::json)
    FROM form_sections s WHERE s.organisation_id = t.organisation_id AND s.${owner} = ${ownerId})`;
}
