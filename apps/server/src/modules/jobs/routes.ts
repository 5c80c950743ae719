import type { RouteDef } from '../../platform/http/route';
import { importRoutes } from '../../platform/imports/routes';
import { resourceRoutes } from '../../platform/resource-kit';
import { jobActivityLogsResource } from './activity-logs.resource';
import { jobsResource } from './jobs.resource';
import { jobsCsvImport } from './imports/jobs-csv';
import { jobListExtraRoutes } from './list-extras';

// The experimental list calls first: their static paths sit beside /jobs/:id.
export const jobRoutes = (): RouteDef[] => [
  ...jobListExtraRoutes(),
  ...resourceRoutes(jobsResource),
  ...resourceRoutes(jobActivityLogsResource),
  ...importRoutes(jobsCsvImport),
];
