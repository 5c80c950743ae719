import { exportCsvRoute } from '../../platform/builds';
import type { RouteDef } from '../../platform/http/route';
import { experimentalListRoutes, resourceRoutes } from '../../platform/resource-kit';
import { jobSheetsResource } from './job-sheets.resource';
import { jobSheetMaterialsResource } from './materials.resource';
import { inboxRoutes } from './inbox';
import { materialSummaryRoute } from './material-summary';
import { projectActivityRoute } from './project-activity';
import { sheetTrailRoute } from './trail';
import { submitRoutes } from './submit-routes';
import { validateRoutes } from './validate-routes';

const JOB_SHEET_CSV_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'number', header: 'Number' },
  { key: 'job_number', header: 'Job number' },
  { key: 'seq_number', header: 'Sheet of job' },
  { key: 'form_name', header: 'Form' },
  { key: 'operative_name', header: 'Operative' },
  { key: 'status', header: 'Status' },
  { key: 'location_number', header: 'Location' },
  { key: 'photo_count', header: 'Photos' },
  { key: 'submitted_at', header: 'Submitted at' },
  { key: 'approved_at', header: 'Approved at' },
  { key: 'rejected_at', header: 'Rejected at' },
  { key: 'cancelled_at', header: 'Cancelled at' },
  { key: 'created_at', header: 'Created at' },
  { key: 'updated_at', header: 'Updated at' },
];

// The static paths (experimental, validate_many) first: they sit beside /job_sheets/:id.
export const jobSheetRoutes = (): RouteDef[] => [
  ...experimentalListRoutes(jobSheetsResource, { bodyId: 'JobSheetListQuery', sum: true }),
  ...validateRoutes(),
  ...submitRoutes(),
  ...inboxRoutes(),
  ...resourceRoutes(jobSheetsResource),
  ...resourceRoutes(jobSheetMaterialsResource),
  materialSummaryRoute(),
  projectActivityRoute(),
  sheetTrailRoute(),
  // the sheets the caller sees (operatives theirs, guests their projects'), as every list
  exportCsvRoute(jobSheetsResource, {
    name: 'job_sheets',
    columns: JOB_SHEET_CSV_COLUMNS,
    tags: ['Job sheet'],
    minRole: 'GUEST',
  }),
];
