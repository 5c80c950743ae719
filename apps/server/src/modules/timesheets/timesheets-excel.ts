import { formatDuration } from '@fieldwork/contract';
import type ExcelJS from 'exceljs';
import type { BuildProgress } from '../../platform/builds';
import type { OrganisationContext } from '../../platform/http/context';
import { brandingOf, dateWriter, neutralise, streamedWorkbook } from '../reports';
import { entryPages, memberTotals, scopeWhere, type TimesheetsScope } from './report-source';

const DATE = 'dd mmm yyyy';
const TIME = 'hh:mm';
/** A duration as Excel keeps one (a fraction of a day), shown as hours and minutes past 24. */
const DURATION = '[h]:mm';
const SECONDS_A_DAY = 86_400;
const ROWS_A_BREATH = 50;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const weekTitle = (week: string) => `Week of ${dateWriter('UTC').date(week)}`;

/**
 * The time entries of a period as an Excel workbook, streamed (exceljs' WorkbookWriter, rows
 * read from PostgreSQL page by page and written out as they come): a worksheet per week (member,
 * date, start, end, duration as an Excel time, client, project, site, manual, overridden by,
 * reason), then "Totals" with each member's hours per week and in all. Times are the
 * organisation's wall clock.
 */
export async function* timesheetsExcel(
  ctx: OrganisationContext,
  scope: TimesheetsScope,
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const brand = await brandingOf(ctx);
  const zone = brand.timeZone;
  const where = scopeWhere(ctx, scope, zone);
  const counted = await ctx.db.query<{ count: string }>(
    `SELECT count(*) FROM time_entries t WHERE ${where.sql}`,
    where.params,
  );
  const total = Number(counted.rows[0]?.count ?? 0);
  progress(0, total, `Writing ${total} time entries`);

  const { workbook, drain, ended } = streamedWorkbook({
    creator: brand.companyName,
    title: 'Timesheets',
    // fast deflate: a slower one lets written rows queue in buffers faster than it compresses
    zip: { zlib: { level: 1 } },
  });

  const columns = [
    { header: 'Member', width: 24 },
    { header: 'Date', width: 13, numFmt: DATE },
    { header: 'Start', width: 8, numFmt: TIME },
    { header: 'End', width: 8, numFmt: TIME },
    { header: 'Duration', width: 10, numFmt: DURATION },
    { header: 'Client', width: 22 },
    { header: 'Project', width: 24 },
    { header: 'Site', width: 22 },
    { header: 'Manual', width: 8 },
    { header: 'Overridden by', width: 20 },
    { header: 'Reason', width: 30 },
  ];
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetWeek = '';
  const openSheet = (week: string) => {
    const tab = workbook.addWorksheet(weekTitle(week), { views: [{ state: 'frozen', ySplit: 1 }] });
    tab.columns = columns.map((column, index) => ({
      header: column.header,
      width: column.width,
      key: `c${index}`,
      style: column.numFmt ? { numFmt: column.numFmt } : {},
    }));
    tab.getRow(1).font = { bold: true };
    tab.getRow(1).commit();
    return tab;
  };

  let done = 0;
  for await (const page of entryPages(ctx, scope, zone)) {
    for (const entry of page) {
      if (!sheet || entry.week !== sheetWeek) {
        sheet?.commit();
        sheetWeek = entry.week;
        sheet = openSheet(entry.week);
      }
      sheet
        .addRow([
          neutralise(entry.user_name ?? ''),
          new Date(`${entry.day}T00:00:00Z`),
          new Date(entry.started_wall * 1000),
          entry.ended_wall === null ? null : new Date(entry.ended_wall * 1000),
          entry.ended_wall === null ? null : entry.seconds / SECONDS_A_DAY,
          neutralise(entry.client_name ?? ''),
          neutralise(entry.project_name ?? ''),
          neutralise(entry.site_name ?? ''),
          entry.manual_entry ? 'Yes' : 'No',
          neutralise(entry.overridden_by ?? ''),
          neutralise(entry.override_reason ?? ''),
        ])
        .commit();
      done += 1;
      // let the zip's compression (zlib, off the main thread) catch up: rows written faster
      // than it deflates them wait in buffers, which is where the memory would go
      if (done % ROWS_A_BREATH === 0) {
        await breathe();
        yield* drain();
      }
    }
    progress(done, total);
    yield* drain();
  }
  if (!sheet) {
    sheet = openSheet(scope.from);
    sheet.addRow(['No time entries in this period']).commit();
  }
  sheet.commit();

  const totals = await memberTotals(ctx, scope, zone);
  const weeks = [...new Set(totals.map((row) => row.week))].sort();
  const totalsTab = workbook.addWorksheet('Totals', { views: [{ state: 'frozen', ySplit: 1 }] });
  totalsTab.columns = [
    { header: 'Member', key: 'member', width: 24 },
    ...weeks.map((week) => ({
      header: weekTitle(week),
      key: week,
      width: 18,
      style: { numFmt: DURATION },
    })),
    { header: 'Total', key: 'total', width: 12, style: { numFmt: DURATION } },
    { header: 'Total (text)', key: 'text', width: 12 },
    { header: 'Entries', key: 'entries', width: 9 },
  ];
  totalsTab.getRow(1).font = { bold: true };
  totalsTab.getRow(1).commit();
  const members = new Map<string, { name: string; weeks: Map<string, number>; entries: number }>();
  for (const row of totals) {
    const member = members.get(row.user_id) ?? {
      name: row.user_name ?? '',
      weeks: new Map(),
      entries: 0,
    };
    member.weeks.set(row.week, row.seconds);
    member.entries += row.entries;
    members.set(row.user_id, member);
  }
  for (const member of members.values()) {
    const seconds = [...member.weeks.values()].reduce((sum, value) => sum + value, 0);
    totalsTab
      .addRow([
        neutralise(member.name),
        ...weeks.map((week) => (member.weeks.get(week) ?? 0) / SECONDS_A_DAY),
        seconds / SECONDS_A_DAY,
        formatDuration(seconds),
        member.entries,
      ])
      .commit();
  }
  totalsTab.commit();
  await workbook.commit();
  await ended;
  yield* drain();
}
