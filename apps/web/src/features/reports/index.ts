// The reports feature's public face: the Export button other features place, the page's path.
export { ExportReportButton } from './ExportReportButton';
export { reportsPath } from './report-paths';
export type { ReportSelection } from './reports-api';
