import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { configurationRoutes } from './configuration-routes';
import { projectExtraRoutes } from './extra-routes';
import { libraryTemplateRoutes } from './library-templates';
import { projectsResource } from './projects.resource';
import { searchRoutes } from './search';
import { projectTemplatesResource } from './templates.resource';

export const projectRoutes = (): RouteDef[] => [
  ...resourceRoutes(projectsResource),
  ...resourceRoutes(projectTemplatesResource),
  ...configurationRoutes(),
  ...libraryTemplateRoutes(),
  ...projectExtraRoutes(),
  ...searchRoutes(),
];
