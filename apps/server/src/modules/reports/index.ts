// The reports module's public face: its routes (report records and POST /reports/build/...).
export { reportRoutes } from './routes';
export { reportsResource } from './reports.resource';
// What other modules' reports (timesheets) build with: the organisation's branding and dates,
// the branded PDF kit and the spreadsheet cells' safety.
export { brandingOf, type Branding } from './source';
export { dateWriter, humanise, type DateWriter } from './labels';
export { CONTENT_WIDTH, PAGE, ReportPdf } from './pdf/document';
export { neutralise } from './excel/cells';
export { streamedWorkbook } from './excel/streamed-workbook';
