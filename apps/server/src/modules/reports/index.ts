// The reports module's public face: its routes (report records and POST /reports/build/...).
export { reportRoutes } from './routes';
export { reportsResource } from './reports.resource';
