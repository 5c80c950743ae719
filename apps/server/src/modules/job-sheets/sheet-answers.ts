import { isFieldShown, type FormFieldConditional } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';
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
  const [values, duplicates] = await Promise.all([
    ctx.db.query<FullValueRow>(
      `SELECT id, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
              job_sheet_id, form_field_id, form_section_id, section_name, name, type, "order",
              conditional, ${VALUE_COLUMNS.join(', ')}
         FROM job_sheet_field_values WHERE ${where} ORDER BY section_order, "order", id`,
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
  return { values: values.rows, duplicates: duplicates.rows };
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
 * Completes a page of job sheets, their declared children (photos, materials, approvals) already
 * in place, with what is not a plain child: the field values (each photo field with its photos,
 * each signature with a signed address, each conditional with whether it shows), duplicate
 * photos and the current stage. Three queries a page.
 */
export async function withAnswers(ctx: OrganisationContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id);
  const [children, stages] = await Promise.all([load(ctx, ids), stagesOf(ctx, rows)]);
  const photosByValue = groupBy(
    rows.flatMap((row) => row.photos as Row[]),
    (photo) => String(photo.job_sheet_field_value_id),
  );
  const valuesBySheet = groupBy(children.values, (value) => value.job_sheet_id);
  const duplicatesBySheet = groupBy(children.duplicates, (row) => String(row.job_sheet_id));
  return rows.map(({ photos, materials, approvals, ...row }) => {
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
      // The children keep their place in the answer, after the field values.
      photos,
      materials,
      approvals,
      duplicate_photos: (duplicatesBySheet.get(row.id) ?? []).map(
        ({ job_sheet_id: _sheet, ...duplicate }) => duplicate,
      ),
    };
  });
}
