import {
  PASS_FAIL_LABELS,
  type FormFieldConditional,
  type FormFieldType,
  type JobSheetScore,
  type JobSheetStatus,
  type PassFailAnswer,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { selectList } from '../../platform/resource-kit';
import { conditionalsShown, jobSheetsResource, sheetScore, type ValueRow } from '../job-sheets';
import { answerDate, chosenNames, rowsText, signedText, type DateWriter } from './labels';

/**
 * What the job sheets' spreadsheet reads, lean: a page of sheets is alive while it is written,
 * long enough for V8 to promote it to the old generation, where it stays as garbage until a full
 * collection. Whole answers (ReportAnswer, with every value column, a copy of each value row, a
 * map of each field's options and the photos' records) cost the worker about 3 KB a sheet there,
 * so a 100,000-sheet workbook grew the worker by 300 MB. Here PostgreSQL works out the wall
 * clock of the sheet's times, the project's name and the count of each photo field's ready
 * photos, only the values a cell, the score or a conditional needs are read, and the rows are
 * used in place.
 */

/** A field shown as a column of the sheets' table (show_in_job_items_table), in form order. */
export interface TableField {
  id: string;
  name: string;
  type: FormFieldType;
  capture_time: boolean;
  options: Array<{ id: string; name: string }> | null;
}

/** A spreadsheet cell's typed value (a Date is a stored moment, written as its wall clock). */
export type TableCell = string | number | boolean | Date | null;

/** One sheet of the table: its own columns, then filled in place with its score and cells. */
export interface TableSheet {
  id: string;
  /** Its place in the page (1, 2, …), which its answers carry too. */
  at: number;
  number: number;
  job_number: number | null;
  form_name: string | null;
  operative_name: string | null;
  status: JobSheetStatus;
  project_name: string | null;
  /** The organisation's wall clock, in seconds from 1970 as if that clock were UTC. */
  created_wall: number;
  submitted_wall: number | null;
  approved_wall: number | null;
  /** The pass / fail / N/A total (null without such fields). */
  score: JobSheetScore | null;
  /** One a table field, in the fields' order: null when unanswered or hidden by its condition. */
  cells: TableCell[];
}

/** A stored answer, only what a cell, the score or a conditional needs. */
interface LeanValue extends Omit<ValueRow, 'id'> {
  /** The place of its sheet in the page. */
  at: number;
  /** Only for a sheet with a conditional (its photo fields' answers are known by it). */
  id: string | null;
  conditional: FormFieldConditional | null;
  score: number | null;
  /** A table answer's row count. */
  table_rows: number | null;
  /** A photo field's ready photos. */
  ready_photos: number | null;
  /** A photo field's photo ids, for a sheet with conditionals. */
  photo_ids: string[] | null;
}

/** How many sheets a page reads: a page lives while it is written (see above). */
export const TABLE_SHEETS_A_PAGE = 200;

const wall = (column: string) =>
  `floor(EXTRACT(EPOCH FROM (t.${column} AT TIME ZONE $3)))::float8 AS ${column.replace('_at', '_wall')}`;

const SELECT_SHEET = `${selectList(jobSheetsResource, ['number', 'job_number', 'form_name', 'operative_name', 'status'])},
  (SELECT p.name FROM projects p WHERE p.organisation_id = t.organisation_id AND p.id = t.project_id) AS project_name,
  ${wall('created_at')}, ${wall('submitted_at')}, ${wall('approved_at')}`;

/**
 * The answers of a page's sheets in page order, then form order (sections, fields), as
 * sheetFieldValues orders them. A sheet with a conditional ("judged") reads every answer whole, as
 * its conditionals are judged on any of them; any other reads only its table fields' answers and
 * its pass / fail / N/A ones, without a signature's image.
 */
const SELECT_VALUES = `WITH v AS (
  SELECT v.*, x.at, bool_or(v.conditional IS NOT NULL) OVER (PARTITION BY v.job_sheet_id) AS judged
    FROM unnest($2::text[]) WITH ORDINALITY AS x(id, at)
    JOIN job_sheet_field_values v ON v.organisation_id = $1 AND v.job_sheet_id = x.id
)
SELECT v.at::int AS at, CASE WHEN v.judged THEN v.id END AS id, v.job_sheet_id, v.form_field_id, v.type,
       v.conditional, v.score, v.value_string, v.value_number, v.value_boolean, v.value_date,
       v.value_option, v.value_options,
       CASE WHEN NOT v.judged AND jsonb_typeof(v.value_signature) = 'object'
            THEN v.value_signature - 'signature' ELSE v.value_signature END AS value_signature,
       CASE WHEN v.judged THEN v.value_rows END AS value_rows,
       CASE WHEN jsonb_typeof(v.value_rows) = 'array' THEN jsonb_array_length(v.value_rows) END AS table_rows,
       CASE WHEN v.type = 'PHOTO' THEN (
         SELECT count(*)::int FROM job_sheet_photos p
          WHERE p.organisation_id = $1 AND p.job_sheet_id = v.job_sheet_id
            AND p.job_sheet_field_value_id = v.id AND p.status = 'READY') END AS ready_photos,
       CASE WHEN v.judged AND v.type = 'PHOTO' THEN ARRAY(
         SELECT p.id FROM job_sheet_photos p
          WHERE p.organisation_id = $1 AND p.job_sheet_id = v.job_sheet_id
            AND p.job_sheet_field_value_id = v.id
          ORDER BY p."order", p.id) END AS photo_ids
  FROM v
 WHERE v.judged OR v.form_field_id = ANY($3::text[]) OR v.type = 'PASS_FAIL'
 ORDER BY v.at, v.section_order, v."order", v.id`;

const NOTHING_HIDDEN = new Map<string, boolean>();

/**
 * The sheets `ids` names (the list's matches, in its order), a page at a time, each with its
 * score and a cell per table field: the cells reportSheets' answers give (answerOf's `cell`),
 * null where the answer's condition hides it.
 */
export async function* tableSheets(
  ctx: OrganisationContext,
  ids: string[],
  fields: TableField[],
  timeZone: string,
  dates: DateWriter,
  pageSize = TABLE_SHEETS_A_PAGE,
): AsyncGenerator<TableSheet[]> {
  const column = new Map(fields.map((field, index) => [field.id, index]));
  const options = fields.map((field) =>
    field.options?.length ? new Map(field.options.map((option) => [option.id, option.name])) : null,
  );
  const fieldIds = fields.map((field) => field.id);
  for (let at = 0; at < ids.length; at += pageSize) {
    const page = ids.slice(at, at + pageSize);
    const [{ rows: sheets }, { rows: values }] = await Promise.all([
      ctx.db.query<TableSheet>(
        `SELECT x.at::int AS at, ${SELECT_SHEET}
           FROM unnest($2::text[]) WITH ORDINALITY AS x(id, at)
           JOIN job_sheets t ON t.organisation_id = $1 AND t.id = x.id
          ORDER BY x.at`,
        [ctx.organisationId, page, timeZone],
      ),
      ctx.db.query<LeanValue>(SELECT_VALUES, [ctx.organisationId, page, fieldIds]),
    ]);
    let next = 0;
    for (const sheet of sheets) {
      // the sheet's values are the next run of the list (both are in page order; a sheet gone
      // since its id was read leaves its values, if any, to be skipped)
      while (next < values.length && values[next]!.at < sheet.at) next += 1;
      let end = next;
      while (end < values.length && values[end]!.at === sheet.at) end += 1;
      const own = values.slice(next, end);
      next = end;
      const shown = own[0]?.id ? judgedShown(own) : NOTHING_HIDDEN;
      sheet.score = sheetScore(own, shown);
      sheet.cells = new Array<TableCell>(fields.length).fill(null);
      for (const value of own) {
        const index = column.get(value.form_field_id);
        if (index === undefined) continue;
        const hidden = value.conditional && shown.get(value.form_field_id) === false;
        sheet.cells[index] = hidden ? null : cellOf(value, options[index]!, dates);
      }
    }
    yield sheets;
  }
}

/** Whether each conditional field of a sheet with conditionals shows (all its answers read). */
function judgedShown(values: LeanValue[]): Map<string, boolean> {
  const whole = values.filter((value): value is LeanValue & { id: string } => value.id !== null);
  const photoIds = new Map(whole.map((value) => [value.id, value.photo_ids ?? []]));
  return conditionalsShown(whole, (valueId) => photoIds.get(valueId) ?? []);
}

/** An answer's cell, as answerOf (source.ts) makes it, from the same pieces (labels.ts). */
function cellOf(
  value: LeanValue,
  options: Map<string, string> | null,
  dates: DateWriter,
): TableCell {
  switch (value.type) {
    case 'TEXT':
    case 'TIME':
      return value.value_string || null;
    case 'NUMBER':
      return value.value_number === null ? null : Number(value.value_number);
    case 'DATE': {
      return value.value_date ? answerDate(value.value_date) : null;
    }
    case 'SELECT':
      return (typeof value.value_option === 'string' && options?.get(value.value_option)) || null;
    case 'MULTI_SELECT':
      return chosenNames(value.value_options, options) || null;
    case 'BOOLEAN':
      return typeof value.value_boolean === 'boolean' ? value.value_boolean : null;
    case 'SIGNATURE': {
      const stored = value.value_signature;
      if (!stored?.key) return null;
      return signedText(stored, dates);
    }
    case 'PHOTO':
      return value.ready_photos ?? 0;
    case 'PASS_FAIL': {
      const answer = value.value_option as PassFailAnswer | null;
      return (answer && PASS_FAIL_LABELS[answer]) || null;
    }
    case 'TABLE':
      return value.table_rows ? rowsText(value.table_rows) : null;
    case 'INSTRUCTION':
      return null;
  }
}
