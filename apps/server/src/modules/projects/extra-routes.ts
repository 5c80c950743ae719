import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { projectActionRoutes } from './actions';
import { rateSetsResource } from './catalogue';
import { coverImageRoutes } from './cover-image';
import { projectExportRoutes } from './exports';
import { projectMemberRoutes } from './member-routes';
import { requireProject } from './project-record';
import { projectSelectOptionRoutes } from './select-options';
import { projectSiteRoutes } from './site-routes';

/**
 * Around the project resource: members and guests, site, cover image, actions, the CSV export,
 * pickers (select options, rate sets).
 */
export const projectExtraRoutes = (): RouteDef[] => [
  ...projectMemberRoutes(),
  ...projectSiteRoutes(),
  ...coverImageRoutes(requireProject),
  ...projectActionRoutes(),
  ...projectExportRoutes(),
  ...projectSelectOptionRoutes(),
  ...resourceRoutes(rateSetsResource),
];
