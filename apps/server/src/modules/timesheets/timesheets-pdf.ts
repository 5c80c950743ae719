import { formatDuration } from '@fieldwork/contract';
import type { BuildProgress } from '../../platform/builds';
import type { OrganisationContext } from '../../platform/http/context';
import { CONTENT_WIDTH, PAGE, ReportPdf, brandingOf, dateWriter } from '../reports';
import { entriesOfMember, memberTotals, type TimesheetsScope } from './report-source';

/** "7 Dec 2026 to 13 Dec 2026". */
export const periodText = (scope: { from: string; to: string }) => {
  const dates = dateWriter('UTC');
  return `${dates.date(scope.from)} to ${dates.date(scope.to)}`;
};

const WIDTHS = [78, 48, 48, 58, 160, CONTENT_WIDTH - 78 - 48 - 48 - 58 - 160];

/**
 * A payroll timesheet per member for the period, on the reports' branded PDF kit: each member
 * starts a page with their entries (date, start, end, duration, where, manual or corrected and
 * why), their daily totals and the period's total, and lines for the member's and a manager's
 * signature. Open entries are listed without hours (they are not paid until they end).
 */
export async function* timesheetsPdf(
  ctx: OrganisationContext,
  scope: TimesheetsScope,
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const brand = await brandingOf(ctx);
  const zone = brand.timeZone;
  const period = periodText(scope);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const totals = await memberTotals(ctx, scope, zone);
  const members = [...new Map(totals.map((row) => [row.user_id, row.user_name])).entries()];
  const pdf = new ReportPdf(ctx, `${brand.companyName} · Timesheets · ${period}`, 'Timesheets');
  progress(0, members.length, `Writing ${members.length} timesheets`);
  if (!members.length) {
    pdf.addPage();
    pdf.heading('Timesheets', 18);
    pdf.pair('Period', period);
    pdf.line('No time entries in this period.');
  }
  let done = 0;
  for (const [userId, name] of members) {
    const entries = await entriesOfMember(ctx, scope, zone, userId);
    pdf.addPage();
    pdf.heading(`Timesheet: ${name ?? 'Former member'}`, 18);
    pdf.pair('Company', brand.companyName);
    if (brand.address) pdf.pair('Address', brand.address);
    pdf.pair('Period', period);
    pdf.pair('Time zone', zone);
    pdf.heading('Entries', 12);
    pdf.row(['Date', 'Start', 'End', 'Hours', 'Client · project · site', 'Notes'], WIDTHS, true);
    const perDay = new Map<string, number>();
    let seconds = 0;
    for (const entry of entries) {
      const paid = entry.ended ? entry.seconds : 0;
      perDay.set(entry.day, (perDay.get(entry.day) ?? 0) + paid);
      seconds += paid;
      const notes = [
        entry.manual_entry ? 'Manual entry' : '',
        entry.overridden_by
          ? `Corrected by ${entry.overridden_by}${entry.override_reason ? `: ${entry.override_reason}` : ''}`
          : '',
        entry.ended ? '' : 'Still open',
      ].filter(Boolean);
      pdf.row(
        [
          brand.dates.date(entry.day),
          clock.format(entry.started),
          entry.ended ? clock.format(entry.ended) : '—',
          entry.ended ? formatDuration(entry.seconds) : '—',
          [entry.client_name, entry.project_name, entry.site_name].filter(Boolean).join(' · '),
          notes.join('; '),
        ],
        WIDTHS,
      );
    }
    pdf.heading('Daily totals', 12);
    const dayWidths = [200, CONTENT_WIDTH - 200];
    pdf.row(['Date', 'Hours'], dayWidths, true);
    for (const [day, daySeconds] of [...perDay.entries()].sort()) {
      pdf.row([brand.dates.date(day), formatDuration(daySeconds)], dayWidths);
    }
    pdf.row(['Total for the period', formatDuration(seconds)], dayWidths, true);
    signatures(pdf);
    done += 1;
    progress(done, members.length);
    yield* pdf.drain();
  }
  yield* pdf.finish();
}

/** The member's and a manager's signature and date lines. */
function signatures(pdf: ReportPdf) {
  const { doc } = pdf;
  pdf.ensure(120);
  doc.moveDown(2);
  for (const who of ['Member signature', 'Manager signature']) {
    const y = doc.y + 24;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + 260, y)
      .moveTo(PAGE.margin + 300, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor('#333333')
      .stroke();
    doc.font('Helvetica').fontSize(9).fillColor('#666666');
    doc.text(who, PAGE.margin, y + 4, { width: 260 });
    doc.text('Date', PAGE.margin + 300, y + 4, { width: CONTENT_WIDTH - 300 });
    doc.fillColor('black').fontSize(10);
    doc.x = PAGE.margin;
    doc.y = y + 20;
  }
}
