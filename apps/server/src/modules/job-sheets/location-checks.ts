import type { JobSheetValidation } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';

type ValidationError = JobSheetValidation['errors'][number];

interface SheetLocationRow {
  id: string;
  section: {
    reference_field_enabled?: boolean;
    reference_field_required?: boolean;
    specification_field_enabled?: boolean;
    specification_field_required?: boolean;
    variation_field_enabled?: boolean;
    zone_field_enabled?: boolean;
    location_attributes_config?: string;
    location_attributes_custom_config?: { location_attribute_id: string; required: boolean }[];
  } | null;
  qr_required: boolean;
  location_id: string | null;
  reference: string | null;
  specification_id: string | null;
  qr_code_id: string | null;
  attributes: { id: string; name: string; filled: boolean }[] | null;
}

const error = (field: string, message: string): ValidationError => ({
  field,
  form_field_id: null,
  message,
  code: 'required',
});

/**
 * What the sheets' forms ask of their location (field-work §3 Forms: location_section and
 * qr_code_capture_required), checked when a sheet is validated and submitted: a form with a
 * location section or a required QR capture needs the sheet's location; a required reference or
 * specification must be on it; ALL_REQUIRED (or CUSTOM's required) location attributes must have
 * a value; a required QR capture needs the location's QR code. One query for all the sheets.
 */
export async function locationErrors(
  ctx: OrganisationContext,
  sheetIds: string[],
): Promise<Map<string, ValidationError[]>> {
  const { rows } = await ctx.db.query<SheetLocationRow>(
    `SELECT s.id, f.location_section AS section, coalesce(f.qr_code_capture_required, false) AS qr_required,
            l.id AS location_id, l.reference, l.specification_id, l.qr_code_id,
            (SELECT json_agg(json_build_object('id', a.id, 'name', a.name,
                       'filled', EXISTS (SELECT 1 FROM attribute_values av
                          WHERE av.organisation_id = l.organisation_id AND av.subject_type = 'LOCATION'
                            AND av.subject_id = l.id AND av.attribute_id = a.id
                            AND num_nonnulls(av.value_string, av.value_number, av.value_boolean,
                                  av.value_date, av.value_option, av.value_options) > 0
                            AND coalesce(av.value_string, 'x') <> ''
                            AND coalesce(cardinality(av.value_options), 1) > 0))
                    ORDER BY a."order")
               FROM location_attributes a
              WHERE a.organisation_id = s.organisation_id AND a.project_id = s.project_id) AS attributes
       FROM job_sheets s
       JOIN forms f ON f.organisation_id = s.organisation_id AND f.id = s.form_id
       LEFT JOIN locations l ON l.organisation_id = s.organisation_id AND l.id = s.location_id
      WHERE s.organisation_id = $1 AND s.id = ANY($2::text[])`,
    [ctx.organisationId, sheetIds],
  );
  const result = new Map<string, ValidationError[]>();
  for (const row of rows) {
    const section = row.section ?? {};
    const config = section.location_attributes_config ?? 'NONE';
    const asksLocation =
      row.qr_required ||
      config !== 'NONE' ||
      !!section.reference_field_enabled ||
      !!section.specification_field_enabled ||
      !!section.variation_field_enabled ||
      !!section.zone_field_enabled;
    const errors: ValidationError[] = [];
    if (asksLocation && !row.location_id) {
      errors.push(error('location_id', 'Choose the location this job sheet is for.'));
    } else if (row.location_id) {
      if (section.reference_field_required && !row.reference?.trim())
        errors.push(error('location.reference', 'The location’s reference is required.'));
      if (section.specification_field_required && !row.specification_id)
        errors.push(
          error('location.specification_id', 'The location’s specification is required.'),
        );
      const required =
        config === 'ALL_REQUIRED'
          ? new Set((row.attributes ?? []).map((attribute) => attribute.id))
          : config === 'CUSTOM'
            ? new Set(
                (section.location_attributes_custom_config ?? [])
                  .filter((item) => item.required)
                  .map((item) => item.location_attribute_id),
              )
            : new Set<string>();
      for (const attribute of row.attributes ?? []) {
        if (required.has(attribute.id) && !attribute.filled)
          errors.push(
            error(`location.attribute_values.${attribute.id}`, `${attribute.name} is required.`),
          );
      }
      if (row.qr_required && !row.qr_code_id)
        errors.push(
          error('location.qr_code', 'Scan the location’s QR code: the form requires it.'),
        );
    }
    if (errors.length) result.set(row.id, errors);
  }
  return result;
}

/**
 * A sheet's location must be one of its project's; the sheet keeps the location's number
 * beside its id (location_number). Answers the columns to write.
 */
export async function sheetLocation(
  ctx: OrganisationContext,
  projectId: string,
  locationId: string | null | undefined,
): Promise<{ location_id?: string | null; location_number?: number | null }> {
  if (locationId === undefined) return {};
  if (locationId === null) return { location_id: null, location_number: null };
  const { rows } = await ctx.db.query<{ number: number }>(
    `SELECT number FROM locations WHERE organisation_id = $1 AND project_id = $2 AND id = $3`,
    [ctx.organisationId, projectId, locationId],
  );
  if (!rows[0]) {
    throw validationFailure([
      { field: 'location_id', message: 'Not a location of this project.', code: 'not_found' },
    ]);
  }
  return { location_id: locationId, location_number: rows[0].number };
}
