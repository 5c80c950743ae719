import type { RouteDef } from '../../platform/http/route';
import { projectActionRoutes } from './actions';
import { coverImageRoutes } from './cover-image';
import { projectExportRoutes } from './exports';
import { projectMemberRoutes } from './member-routes';
import { requireProject } from './project-record';
import { projectSelectOptionRoutes } from './select-options';
import { projectSiteRoutes } from './site-routes';

/**
 * Around the project resource: members and guests, site, cover image, actions, the CSV export,
 * pickers (select options).
 */
export const projectExtraRoutes = (): RouteDef[] => [
  ...projectMemberRoutes(),
  ...projectSiteRoutes(),
  ...coverImageRoutes(requireProject),
  ...projectActionRoutes(),
  ...projectExportRoutes(),
  ...projectSelectOptionRoutes(),
];
