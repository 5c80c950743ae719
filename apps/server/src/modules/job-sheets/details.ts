import { isFieldShown, type FormFieldConditional } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';
import { PHOTO_COLUMNS, presentPhoto, type PhotoRow } from './photo-present';
import { presentSignature } from './signatures';
import { rawValueOf, VALUE_COLUMNS, type ValueRow } from './value-columns';

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface FullValueRow extends ValueRow {
  created_at: string;
  updated_at: string;
  form_section_id: string | null;
  section_name: string | null;
  name: string;
  order: number;
  conditional: FormFieldConditional | null;
}

const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

async function load(ctx: OrganisationContext, ids: string[]) {
  const scope = [ctx.organisationId, ids];
  const where = 'organisation_id = $1 AND job_sheet_id = ANY($2::text[])';
  const [values, photos, materials, decisions, duplicates] = await Promise.all([
    ctx.db.query<FullValueRow>(
      `SELECT id, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              job_sheet_id, form_field_id, form_section_id, section_name, name, type, "order",
              conditional, ${VALUE_COLUMNS.join(', ')}
         FROM job_sheet_field_values WHERE ${where} ORDER BY section_order, "order", id`,
      scope,
    ),
    ctx.db.query<PhotoRow>(
      `SELECT ${PHOTO_COLUMNS} FROM job_sheet_photos p
        WHERE p.${where} ORDER BY p."order", p.id`,
      scope,
    ),
    ctx.db.query<Row>(
      `SELECT id, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              job_sheet_id, material_id, material_name, material_input_type_key, quantity,
              width_in_mm, height_in_mm, length_in_mm, diameter_in_mm, joint_size_in_mm,
              linear_metres, square_metres, cubic_metres, "order"
         FROM job_sheet_materials WHERE ${where} ORDER BY "order", id`,
      scope,
    ),
    ctx.db.query<Row>(
      `SELECT id, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              job_sheet_id, approval_stage_id, approval_stage_name, approval_batch, user_id,
              user_name, decision, comments, ${iso('declaration_accepted_at')} AS declaration_accepted_at,
              ${iso('undone_at')} AS undone_at
         FROM job_sheet_approval_decisions WHERE ${where} ORDER BY created_at, id`,
      scope,
    ),
    ctx.db.query<Row>(
      `SELECT d.job_sheet_id, d.photo_id, d.duplicate_photo_id, d.duplicate_job_sheet_id,
              s.number AS duplicate_job_sheet_number, d.kind, d.distance
         FROM job_sheet_photo_duplicates d
         LEFT JOIN job_sheets s ON s.organisation_id = d.organisation_id AND s.id = d.duplicate_job_sheet_id
        WHERE d.${where} ORDER BY d.photo_id, d.distance, d.duplicate_photo_id`,
      scope,
    ),
  ]);
  return {
    values: values.rows,
    photos: photos.rows,
    materials: materials.rows,
    decisions: decisions.rows,
    duplicates: duplicates.rows,
  };
}

async function stagesOf(ctx: OrganisationContext, rows: Row[]) {
  const ids = [...new Set(rows.map((row) => row.current_approval_stage_id).filter(Boolean))];
  if (!ids.length) return new Map<string, Row>();
  const { rows: stages } = await ctx.db.query<Row>(
    `SELECT id, name, "order", declaration, user_ids FROM approval_stages
      WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return new Map(stages.map((stage) => [stage.id, stage]));
}

/**
 * Completes a page of job sheets with their children: field values (each photo field with its
 * photos, each signature with a signed address, each conditional with whether it shows), photos,
 * materials, the decision trail, duplicate photos and the current stage. Six queries a page.
 */
export async function withDetails(ctx: OrganisationContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id);
  const [children, stages] = await Promise.all([load(ctx, ids), stagesOf(ctx, rows)]);
  const photos = children.photos.map((photo) => presentPhoto(ctx, photo));
  const photosByValue = groupBy(photos, (photo) => photo.job_sheet_field_value_id);
  const photosBySheet = groupBy(photos, (photo) => photo.job_sheet_id);
  const valuesBySheet = groupBy(children.values, (value) => value.job_sheet_id);
  const materialsBySheet = groupBy(children.materials, (row) => String(row.job_sheet_id));
  const decisionsBySheet = groupBy(children.decisions, (row) => String(row.job_sheet_id));
  const duplicatesBySheet = groupBy(children.duplicates, (row) => String(row.job_sheet_id));
  return rows.map((row) => {
    const values = valuesBySheet.get(row.id) ?? [];
    const answers = Object.fromEntries(
      values.map((value) => [
        value.form_field_id,
        rawValueOf(
          value,
          (photosByValue.get(value.id) ?? []).map((photo) => photo.id),
        ),
      ]),
    );
    const nodes = new Map(
      values.map((value) => [
        value.form_field_id,
        {
          id: value.form_field_id,
          type: value.type,
          conditional: value.conditional,
        },
      ]),
    );
    const stage = stages.get(row.current_approval_stage_id as string);
    return {
      ...row,
      current_approval_stage: stage ?? null,
      field_values: values.map(({ conditional, value_signature, ...value }) => ({
        ...value,
        value_signature: presentSignature(ctx, value_signature),
        value_conditional: conditional
          ? { ...conditional, shown: isFieldShown(nodes.get(value.form_field_id)!, nodes, answers) }
          : null,
        photos: photosByValue.get(value.id) ?? [],
      })),
      photos: photosBySheet.get(row.id) ?? [],
      materials: (materialsBySheet.get(row.id) ?? []).map((material) => ({
        ...material,
        ...numbers(material),
      })),
      approvals: decisionsBySheet.get(row.id) ?? [],
      duplicate_photos: (duplicatesBySheet.get(row.id) ?? []).map(
        ({ job_sheet_id: _sheet, ...duplicate }) => duplicate,
      ),
    };
  });
}

const MEASURES = [
  'quantity',
  'width_in_mm',
  'height_in_mm',
  'length_in_mm',
  'diameter_in_mm',
  'joint_size_in_mm',
  'linear_metres',
  'square_metres',
  'cubic_metres',
] as const;

/** double precision columns come back as numbers already; keep nulls. */
function numbers(row: Row) {
  return Object.fromEntries(
    MEASURES.map((key) => [key, row[key] === null ? null : Number(row[key])]),
  );
}
