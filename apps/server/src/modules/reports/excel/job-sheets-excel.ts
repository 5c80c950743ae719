import type { BuildProgress } from '../../../platform/builds';
import type { OrganisationContext } from '../../../platform/http/context';
import { INPUT_TYPE_LABELS, MEASURES, SHEET_STATUS_LABELS } from '../labels';
import { brandingOf, matchingSheetIds } from '../source';
import { tableSheets, type TableField } from '../table-source';
import { neutralise, wallClock } from './cells';
import { streamedWorkbook } from './streamed-workbook';

const DATE_TIME = 'dd mmm yyyy hh:mm';
const DATE = 'dd mmm yyyy';
const IDS_A_QUERY = 2000;

interface Column {
  header: string;
  width: number;
  numFmt?: string;
}

/**
 * The sheets a list query matches as an Excel workbook, streamed (exceljs' WorkbookWriter): a
 * "Job sheets" worksheet with one row per sheet and a column per field shown in the job items
 * table (typed cells: numbers, dates, yes/no), then a "Materials" worksheet with one row per
 * material. Text that a spreadsheet would run as a formula is written as text.
 */
export async function* jobSheetsExcel(
  ctx: OrganisationContext,
  spec: { title: string; query: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const brand = await brandingOf(ctx);
  const zone = brand.timeZone;
  const ids = await matchingSheetIds(ctx, spec.query);
  const total = ids.length;
  progress(0, total, `Writing ${total} job sheets`);
  const fields = await tableFieldsOf(ctx, ids);
  const scored = await anyScored(ctx, ids);

  const { workbook, drain, ended } = streamedWorkbook({
    creator: brand.companyName,
    title: spec.title,
  });

  const base: Column[] = [
    { header: 'Sheet', width: 9 },
    { header: 'Job', width: 8 },
    { header: 'Project', width: 28 },
    { header: 'Form', width: 24 },
    { header: 'Operative', width: 20 },
    { header: 'Status', width: 12 },
    { header: 'Started', width: 18, numFmt: DATE_TIME },
    { header: 'Submitted', width: 18, numFmt: DATE_TIME },
    { header: 'Approved', width: 18, numFmt: DATE_TIME },
    // A pass / fail / N/A total, when any matching sheet's form has such a field.
    ...(scored
      ? [
          { header: 'Points', width: 9 },
          { header: 'Out of', width: 9 },
          { header: 'Score %', width: 9 },
        ]
      : []),
  ];
  const sheetsTab = workbook.addWorksheet('Job sheets', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheetsTab.columns = [
    ...base,
    ...fields.map((field) => ({
      header: String(neutralise(field.name)),
      width: 18,
      ...(field.type === 'DATE' ? { numFmt: field.capture_time ? DATE_TIME : DATE } : {}),
    })),
  ].map((column, index) => ({
    ...column,
    key: `c${index}`,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheetsTab.getRow(1).font = { bold: true };
  sheetsTab.getRow(1).commit();

  let done = 0;
  for await (const sheets of tableSheets(ctx, ids, fields, zone, brand.dates)) {
    for (const sheet of sheets) {
      sheetsTab
        .addRow([
          sheet.number,
          sheet.job_number,
          neutralise(sheet.project_name ?? ''),
          neutralise(sheet.form_name ?? ''),
          neutralise(sheet.operative_name ?? ''),
          SHEET_STATUS_LABELS[sheet.status],
          wallDate(sheet.created_wall),
          wallDate(sheet.submitted_wall),
          wallDate(sheet.approved_wall),
          ...(scored
            ? [
                sheet.score?.points ?? null,
                sheet.score?.max_points ?? null,
                sheet.score?.percent ?? null,
              ]
            : []),
          ...fields.map((field, index) => {
            const cell = sheet.cells[index]!;
            if (cell instanceof Date) return field.capture_time ? wallClock(cell, zone) : cell;
            return neutralise(cell);
          }),
        ])
        .commit();
      done += 1;
    }
    progress(done, total);
    yield* drain();
  }
  sheetsTab.commit();

  const materialsTab = workbook.addWorksheet('Materials', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  materialsTab.columns = [
    { header: 'Sheet', key: 'sheet', width: 9 },
    { header: 'Material', key: 'material', width: 28 },
    { header: 'Measured as', key: 'type', width: 24 },
    ...MEASURES.map(([key, label, unit]) => ({
      header: `${label}${unit ? ` (${unit.trim()})` : ''}`,
      key,
      width: 14,
    })),
  ];
  materialsTab.getRow(1).font = { bold: true };
  materialsTab.getRow(1).commit();
  for (let at = 0; at < ids.length; at += IDS_A_QUERY) {
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      `SELECT s.number, m.material_name, m.material_input_type_key, ${MEASURES.map(([key]) => `m.${key}`).join(', ')}
         FROM job_sheet_materials m
         JOIN job_sheets s ON s.organisation_id = m.organisation_id AND s.id = m.job_sheet_id
        WHERE m.organisation_id = $1 AND m.job_sheet_id = ANY($2::text[])
        ORDER BY s.number, m."order", m.id`,
      [ctx.organisationId, ids.slice(at, at + IDS_A_QUERY)],
    );
    for (const row of rows)
      materialsTab
        .addRow([
          Number(row.number),
          neutralise(String(row.material_name)),
          INPUT_TYPE_LABELS[row.material_input_type_key as keyof typeof INPUT_TYPE_LABELS] ??
            String(row.material_input_type_key),
          ...MEASURES.map(([key]) => (row[key] === null ? null : Number(row[key]))),
        ])
        .commit();
    yield* drain();
  }
  materialsTab.commit();
  await workbook.commit();
  await ended;
  yield* drain();
}

/** Whether any of the sheets has a pass / fail / N/A answer (the workbook then has score columns). */
async function anyScored(ctx: OrganisationContext, ids: string[]): Promise<boolean> {
  for (let at = 0; at < ids.length; at += 20 * IDS_A_QUERY) {
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM job_sheet_field_values
        WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[]) AND type = 'PASS_FAIL' LIMIT 1`,
      [ctx.organisationId, ids.slice(at, at + 20 * IDS_A_QUERY)],
    );
    if (rows.length) return true;
  }
  return false;
}

/** A wall clock worked out by PostgreSQL (seconds, as if UTC) as a cell's date. */
const wallDate = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

/** The fields of the matching sheets shown in the job items table, in form order. */
async function tableFieldsOf(ctx: OrganisationContext, ids: string[]): Promise<TableField[]> {
  const seen = new Map<string, TableField & { rank: number[] }>();
  for (let at = 0; at < ids.length; at += 20 * IDS_A_QUERY) {
    const { rows } = await ctx.db.query<TableField & { section_order: number; order: number }>(
      `SELECT DISTINCT f.id, f.name, f.type, f.capture_time, f.options, v.section_order, v."order"
         FROM job_sheet_field_values v
         JOIN form_fields f ON f.organisation_id = v.organisation_id AND f.id = v.form_field_id
        WHERE v.organisation_id = $1 AND v.job_sheet_id = ANY($2::text[])
          AND f.show_in_job_items_table`,
      [ctx.organisationId, ids.slice(at, at + 20 * IDS_A_QUERY)],
    );
    for (const row of rows)
      if (!seen.has(row.id)) seen.set(row.id, { ...row, rank: [row.section_order, row.order] });
  }
  return [...seen.values()]
    .sort(
      (a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.name.localeCompare(b.name),
    )
    .map(({ id, name, type, capture_time, options }) => ({
      id,
      name,
      type,
      capture_time,
      options,
    }));
}
