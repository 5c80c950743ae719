import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { dailyJobPlansResource } from './daily-job-plans.resource';
import { visitsResource } from './visits.resource';

/** Daily job plans and visits (field-work §3, §7): the generic pattern, see docs/jobs.md. */
export const planAndVisitRoutes = (): RouteDef[] => [
  ...resourceRoutes(dailyJobPlansResource),
  ...resourceRoutes(visitsResource),
];
