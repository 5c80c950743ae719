import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { jobsResource } from './jobs.resource';

export const jobRoutes = (): RouteDef[] => [...resourceRoutes(jobsResource)];
