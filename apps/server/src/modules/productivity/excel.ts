import {
  PRODUCTIVITY_TIMEFRAME_LABELS,
  PRODUCTIVITY_UNIT_MEASURES,
  PRODUCTIVITY_UNITS,
  type ProductivityFigures,
  type ProductivityRow,
  type ProductivityUnit,
} from '@fieldwork/contract';
import type { BuildProgress } from '../../platform/builds';
import type { OrganisationContext } from '../../platform/http/context';
import { brandingOf, neutralise, streamedWorkbook } from '../reports';
import {
  addInto,
  emptyFigures,
  hoursOf,
  productivityFigures,
  type ProductivitySpec,
} from './figures';

const DATE = 'dd mmm yyyy';
const MONEY = '#,##0.00';
const NUMBER = '#,##0.##';

interface Column {
  header: string;
  width: number;
  numFmt?: string;
}

type Line = ProductivityFigures & { labels: Array<string | Date | null> };

/**
 * The productivity figures as an Excel workbook, streamed (exceljs' WorkbookWriter): a sheet per
 * grouping (Periods, Members, Projects) and a Detail sheet (period × member × project), each row
 * with the counts, hours and, per unit used, the materials' quantity and value. Numbers are
 * numbers (value in the currency's major unit), dates are dates, headers read as words.
 */
export async function* productivityExcel(
  ctx: OrganisationContext,
  spec: ProductivitySpec,
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const brand = await brandingOf(ctx);
  const answer = await productivityFigures(ctx, { ...spec, group_by: ['member', 'project'] });
  const rows = answer.data;
  progress(0, rows.length, `Writing ${rows.length} rows`);
  const units = PRODUCTIVITY_UNITS.filter((unit) =>
    answer.totals.materials.some((material) => material.unit === unit),
  );

  const { workbook, drain, ended } = streamedWorkbook({
    creator: brand.companyName,
    title: 'Productivity report',
  });

  const figureColumns: Column[] = [
    { header: 'Job sheets submitted', width: 12 },
    { header: 'Job sheets approved', width: 12 },
    { header: 'Locations completed', width: 12 },
    { header: 'Hours worked', width: 12, numFmt: '#,##0.00' },
    ...units.flatMap((unit) => [
      { header: `Installed (${PRODUCTIVITY_UNIT_MEASURES[unit]})`, width: 14, numFmt: NUMBER },
      { header: `Value (${PRODUCTIVITY_UNIT_MEASURES[unit]})`, width: 14, numFmt: MONEY },
    ]),
  ];
  const figureCells = (figures: ProductivityFigures) => [
    figures.job_sheets_submitted,
    figures.job_sheets_approved,
    figures.locations_completed,
    figures.hours_worked,
    ...units.flatMap((unit: ProductivityUnit) => {
      const material = figures.materials.find((entry) => entry.unit === unit);
      return [material?.quantity ?? 0, (material?.value ?? 0) / 100];
    }),
  ];

  function* tab(name: string, labels: Column[], lines: Line[]) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [...labels, ...figureColumns].map((column, index) => ({
      header: column.header,
      width: column.width,
      key: `c${index}`,
      style: column.numFmt ? { numFmt: column.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const line of lines) sheet.addRow([...line.labels, ...figureCells(line)]).commit();
    const totalRow = sheet.addRow([
      'Total',
      ...labels.slice(1).map(() => null),
      ...figureCells(answer.totals),
    ]);
    totalRow.font = { bold: true };
    totalRow.commit();
    sheet.commit();
    yield* drain();
  }

  const member = (row: ProductivityRow) => neutralise(row.user_name ?? 'No member');
  const project = (row: ProductivityRow) => neutralise(row.project_name ?? 'No project');
  const period = (row: ProductivityRow) => new Date(`${row.period_start}T00:00:00.000Z`);
  const periodHeader = PRODUCTIVITY_TIMEFRAME_LABELS[spec.timeframe];

  yield* tab(
    'Periods',
    [{ header: `${periodHeader} starting`, width: 16, numFmt: DATE }],
    summed(
      rows,
      (row) => row.period_start,
      (row) => [period(row)],
    ),
  );
  yield* tab(
    'Members',
    [{ header: 'Member', width: 26 }],
    summed(
      rows,
      (row) => row.user_id ?? '',
      (row) => [member(row)],
    ).sort(byLabel),
  );
  yield* tab(
    'Projects',
    [{ header: 'Project', width: 28 }],
    summed(
      rows,
      (row) => row.project_id ?? '',
      (row) => [project(row)],
    ).sort(byLabel),
  );
  progress(rows.length / 2, rows.length);
  yield* tab(
    'Detail',
    [
      { header: `${periodHeader} starting`, width: 16, numFmt: DATE },
      { header: 'Member', width: 26 },
      { header: 'Project', width: 28 },
    ],
    rows.map((row) => ({ ...row, labels: [period(row), member(row), project(row)] })),
  );
  progress(rows.length, rows.length);
  await workbook.commit();
  await ended;
  yield* drain();
}

const byLabel = (a: Line, b: Line) => String(a.labels[0]).localeCompare(String(b.labels[0]));

/** The rows summed per key, in first-seen order, each labelled once. */
function summed(
  rows: ProductivityRow[],
  key: (row: ProductivityRow) => string,
  labels: (row: ProductivityRow) => Line['labels'],
): Line[] {
  const lines = new Map<string, Line>();
  for (const row of rows) {
    const id = key(row);
    let line = lines.get(id);
    if (!line) {
      line = { labels: labels(row), ...emptyFigures() };
      lines.set(id, line);
    }
    addInto(line, row);
    line.hours_worked = hoursOf(line.seconds_worked);
  }
  return [...lines.values()];
}
