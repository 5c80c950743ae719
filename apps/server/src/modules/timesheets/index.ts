// The timesheets module's public face: its routes (time entries at /timesheets, start, end,
// revert, summary, and POST /reports/build/timesheets_excel and timesheets_pdf), the resource
// (for live collections or webhooks to read entries as the caller sees them) and the build kinds.
export { timesheetRoutes } from './routes';
export { timesheetsResource } from './timesheets.resource';
export { timesheetsExcelReport, timesheetsPdfReport } from './report-routes';
