// The reports module's public face: its routes (report records and POST /reports/build/...).
export { reportRoutes } from './routes';
export { reportsResource } from './reports.resource';
// For other modules' reports (productivity_excel): the organisation's branding, safe cells.
export { brandingOf } from './source';
export { neutralise } from './excel/cells';
