import { isFieldShown, type FormFieldConditional, type JobSheetScore } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { isoTimestampSql, type Row } from '../../platform/resource-kit';
import { presentSignature } from './signatures';
import { rawValueOf, VALUE_COLUMNS, type ValueRow } from './value-columns';

export interface FullValueRow extends ValueRow {
  created_at: string;
  updated_at: string;
  form_section_id: string | null;
  section_name: string | null;
  name: string;
  order: number;
  conditional: FormFieldConditional | null;
  score: number | null;
}

export const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

/** The field values of these sheets, in form order (sections, then fields). */
export async function sheetFieldValues(
  ctx: OrganisationContext,
  ids: string[],
): Promise<FullValueRow[]> {
  const { rows } = await ctx.db.query<FullValueRow>(
    `SELECT id, ${isoTimestampSql('created_at')} AS created_at, ${isoTimestampSql('updated_at')} AS updated_at,
            job_sheet_id, form_field_id, form_section_id, section_name, name, type, "order",
            conditional, score, ${VALUE_COLUMNS.join(', ')}
       FROM job_sheet_field_values
      WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[])
      ORDER BY section_order, "order", id`,
    [ctx.organisationId, ids],
  );
  return rows;
}

/**
 * Whether each of one sheet's conditional fields shows, judged on the sheet's own answers (a
 * photo field answers with its photos' ids); fields without a conditional are absent.
 */
export function conditionalsShown(
  values: Array<ValueRow & Pick<FullValueRow, 'conditional'>>,
  photoIdsOf: (valueId: string) => string[],
): Map<string, boolean> {
  if (!values.some((value) => value.conditional)) return new Map();
  const answers = Object.fromEntries(
    values.map((value) => [value.form_field_id, rawValueOf(value, photoIdsOf(value.id))]),
  );
  const nodes = new Map(
    values.map((value) => [
      value.form_field_id,
      { id: value.form_field_id, type: value.type, conditional: value.conditional },
    ]),
  );
  return new Map(
    values
      .filter((value) => value.conditional)
      .map((value) => [
        value.form_field_id,
        isFieldShown(nodes.get(value.form_field_id)!, nodes, answers),
      ]),
  );
}

/**
 * A sheet's pass / fail / N/A total: a pass scores its points, a fail none, N/A and unanswered
 * fields (and those their condition hides) are left out of the maximum; null without such fields.
 */
export function sheetScore(
  values: Pick<FullValueRow, 'type' | 'value_option' | 'score' | 'form_field_id'>[],
  shown: Map<string, boolean>,
): JobSheetScore | null {
  const scored = values.filter(
    (value) => value.type === 'PASS_FAIL' && shown.get(value.form_field_id) !== false,
  );
  if (!values.some((value) => value.type === 'PASS_FAIL')) return null;
  const score: JobSheetScore = {
    passed: 0,
    failed: 0,
    not_applicable: 0,
    unanswered: 0,
    points: 0,
    max_points: 0,
    percent: null,
  };
  for (const value of scored) {
    const points = value.score ?? 0;
    if (value.value_option === 'PASS') {
      score.passed += 1;
      score.points += points;
      score.max_points += points;
    } else if (value.value_option === 'FAIL') {
      score.failed += 1;
      score.max_points += points;
    } else if (value.value_option === 'N_A') score.not_applicable += 1;
    else score.unanswered += 1;
  }
  score.percent = score.max_points ? Math.round((score.points / score.max_points) * 100) : null;
  return score;
}

async function duplicatesOf(ctx: OrganisationContext, ids: string[]) {
  const { rows } = await ctx.db.query<Row>(
    `SELECT d.job_sheet_id, d.photo_id, d.duplicate_photo_id, d.duplicate_job_sheet_id,
            s.number AS duplicate_job_sheet_number, d.kind, d.distance
       FROM job_sheet_photo_duplicates d
       LEFT JOIN job_sheets s ON s.organisation_id = d.organisation_id AND s.id = d.duplicate_job_sheet_id
      WHERE d.organisation_id = $1 AND d.job_sheet_id = ANY($2::text[])
      ORDER BY d.photo_id, d.distance, d.duplicate_photo_id`,
    [ctx.organisationId, ids],
  );
  return rows;
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
  const [allValues, allDuplicates, stages] = await Promise.all([
    sheetFieldValues(ctx, ids),
    duplicatesOf(ctx, ids),
    stagesOf(ctx, rows),
  ]);
  const photosByValue = groupBy(
    rows.flatMap((row) => row.photos as Row[]),
    (photo) => String(photo.job_sheet_field_value_id),
  );
  const photoIdsOf = (valueId: string) =>
    (photosByValue.get(valueId) ?? []).map((photo) => String(photo.id));
  const valuesBySheet = groupBy(allValues, (value) => value.job_sheet_id);
  const duplicatesBySheet = groupBy(allDuplicates, (row) => String(row.job_sheet_id));
  return rows.map(({ photos, materials, approvals, ...row }) => {
    const values = valuesBySheet.get(row.id) ?? [];
    const shown = conditionalsShown(values, photoIdsOf);
    const stage = stages.get(row.current_approval_stage_id as string);
    return {
      ...row,
      current_approval_stage: stage ?? null,
      score: sheetScore(values, shown),
      field_values: values.map(({ conditional, value_signature, ...value }) => ({
        ...value,
        value_signature: presentSignature(ctx, value_signature),
        value_conditional: conditional
          ? { ...conditional, shown: shown.get(value.form_field_id) ?? true }
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
