import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Lookup = Map<string, unknown>;

const keyed = <T extends { key: string; value: unknown }>(rows: T[]): Lookup =>
  new Map(rows.map((row) => [row.key, row.value]));

const ids = (rows: Row[], field: string) => [
  ...new Set(rows.map((row) => row[field]).filter((id): id is string => typeof id === 'string')),
];

/**
 * A page (or a streamed chunk) of locations finished with what they name: the site, block, level
 * and drawing names, zone, specification, status, QR code, the reference's label, attribute
 * values, job sheets and their photos. Five queries for the whole chunk, never one per location
 * (a drawing's 5,000 pins are listed with page=all in a few hundred milliseconds).
 */
export async function finishLocations(ctx: OrganisationContext, rows: Row[]): Promise<Row[]> {
  const org = ctx.organisationId;
  const locationIds = rows.map((row) => row.id);
  const [named, coded, labels, values, sheets] = await Promise.all([
    ctx.db.query<{ key: string; value: unknown }>(
      `SELECT 'site:' || id AS key, json_build_object('id', id, 'name', name) AS value
         FROM sites WHERE organisation_id = $1 AND id = ANY($2::text[])
       UNION ALL
       SELECT 'block:' || id, json_build_object('id', id, 'name', name)
         FROM blocks WHERE organisation_id = $1 AND id = ANY($3::text[])
       UNION ALL
       SELECT 'level:' || id, json_build_object('id', id, 'name', name)
         FROM levels WHERE organisation_id = $1 AND id = ANY($4::text[])
       UNION ALL
       SELECT 'drawing:' || id, json_build_object('id', id, 'name', name)
         FROM drawings WHERE organisation_id = $1 AND id = ANY($5::text[])`,
      [
        org,
        ids(rows, 'site_id'),
        ids(rows, 'block_id'),
        ids(rows, 'level_id'),
        ids(rows, 'drawing_id'),
      ],
    ),
    ctx.db.query<{ key: string; value: unknown }>(
      `SELECT 'zone:' || id AS key, json_build_object('id', id, 'name', name, 'code', code) AS value
         FROM zones WHERE organisation_id = $1 AND id = ANY($2::text[])
       UNION ALL
       SELECT 'specification:' || id, json_build_object('id', id, 'name', name, 'code', code)
         FROM specifications WHERE organisation_id = $1 AND id = ANY($3::text[])
       UNION ALL
       SELECT 'status:' || id, json_build_object('id', id, 'name', name, 'type', type,
                'color', color, 'icon', icon)
         FROM location_statuses WHERE organisation_id = $1 AND id = ANY($4::text[])
       UNION ALL
       SELECT 'qr:' || l.id, json_build_object('id', q.id, 'code', q.code)
         FROM locations l JOIN qr_codes q ON q.organisation_id = l.organisation_id AND q.id = l.qr_code_id
        WHERE l.organisation_id = $1 AND l.id = ANY($5::text[])`,
      [
        org,
        ids(rows, 'zone_id'),
        ids(rows, 'specification_id'),
        ids(rows, 'status_id'),
        locationIds,
      ],
    ),
    ctx.db.query<{ key: string; value: string }>(
      `SELECT p.id AS key, coalesce(
                CASE WHEN p.location_reference_enabled THEN nullif(trim(p.location_reference_label), '') END,
                nullif(trim(o.options->'settings'->>'location_reference_field_name'), ''),
                'Reference') AS value
         FROM projects p JOIN organisations o ON o.id = p.organisation_id
        WHERE p.organisation_id = $1 AND p.id = ANY($2::text[])`,
      [org, ids(rows, 'project_id')],
    ),
    ctx.db.query<{ key: string; value: unknown }>(
      `SELECT av.subject_id AS key, json_agg(json_build_object(
                'attribute_id', av.attribute_id, 'name', av.name, 'type', av.type,
                'value_string', av.value_string, 'value_number', av.value_number,
                'value_boolean', av.value_boolean, 'value_date', ${iso('av.value_date')},
                'value_option', av.value_option, 'value_options', av.value_options)
              ORDER BY d."order", av.name) AS value
         FROM attribute_values av LEFT JOIN location_attributes d ON d.id = av.attribute_id
        WHERE av.organisation_id = $1 AND av.subject_type = 'LOCATION'
          AND av.subject_id = ANY($2::text[])
        GROUP BY av.subject_id`,
      [org, locationIds],
    ),
    ctx.db.query<{ key: string; sheets: unknown; photos: unknown }>(
      `SELECT s.location_id AS key,
              json_agg(json_build_object('id', s.id, 'number', s.number, 'status', s.status)
                ORDER BY s.number) AS sheets,
              coalesce((SELECT json_agg(json_build_object('id', ph.id, 'job_sheet_id', ph.job_sheet_id,
                          'status', ph.status, 'width', ph.width, 'height', ph.height)
                          ORDER BY s2.number, ph."order", ph.id)
                  FROM job_sheets s2 JOIN job_sheet_photos ph
                    ON ph.organisation_id = s2.organisation_id AND ph.job_sheet_id = s2.id
                 WHERE s2.organisation_id = $1 AND s2.location_id = s.location_id), '[]'::json) AS photos
         FROM job_sheets s
        WHERE s.organisation_id = $1 AND s.location_id = ANY($2::text[])
        GROUP BY s.location_id`,
      [org, locationIds],
    ),
  ]);
  const names = keyed(named.rows);
  const codes = keyed(coded.rows);
  const labelOf = keyed(labels.rows);
  const valuesOf = keyed(values.rows);
  const sheetsOf = new Map(sheets.rows.map((row) => [row.key, row]));
  const of = (lookup: Lookup, prefix: string, id: unknown) =>
    typeof id === 'string' ? (lookup.get(`${prefix}:${id}`) ?? null) : null;
  return rows.map((row) => ({
    ...row,
    reference_label: labelOf.get(row.project_id as string) ?? 'Reference',
    site: of(names, 'site', row.site_id),
    block: of(names, 'block', row.block_id),
    level: of(names, 'level', row.level_id),
    drawing: of(names, 'drawing', row.drawing_id),
    zone: of(codes, 'zone', row.zone_id),
    specification: of(codes, 'specification', row.specification_id),
    status: of(codes, 'status', row.status_id),
    qr_code: of(codes, 'qr', row.id),
    attribute_values: valuesOf.get(row.id) ?? [],
    job_sheets: sheetsOf.get(row.id)?.sheets ?? [],
    job_sheet_photos: sheetsOf.get(row.id)?.photos ?? [],
  }));
}
