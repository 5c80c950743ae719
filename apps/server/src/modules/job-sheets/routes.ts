import type { RouteDef } from '../../platform/http/route';
import { experimentalListRoutes, resourceRoutes } from '../../platform/resource-kit';
import { jobSheetsResource } from './job-sheets.resource';
import { jobSheetMaterialsResource } from './materials.resource';
import { inboxRoutes } from './inbox';
import { materialSummaryRoute } from './material-summary';
import { submitRoutes } from './submit-routes';
import { validateRoutes } from './validate-routes';

// The static paths (experimental, validate_many) first: they sit beside /job_sheets/:id.
export const jobSheetRoutes = (): RouteDef[] => [
  ...experimentalListRoutes(jobSheetsResource, { bodyId: 'JobSheetListQuery', sum: true }),
  ...validateRoutes(),
  ...submitRoutes(),
  ...inboxRoutes(),
  ...resourceRoutes(jobSheetsResource),
  ...resourceRoutes(jobSheetMaterialsResource),
  materialSummaryRoute(),
];
