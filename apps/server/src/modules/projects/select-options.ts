import type { RouteDef } from '../../platform/http/route';
import { selectOptionsRoute } from '../../platform/resource-kit';
import { projectsResource } from './projects.resource';
import { projectTemplatesResource } from './templates.resource';

/** GET /select_options/{projects, project_templates} (materials: the materials module). */
export const projectSelectOptionRoutes = (): RouteDef[] => [
  selectOptionsRoute(projectsResource, { name: 'projects', tags: ['Project'] }),
  selectOptionsRoute(projectTemplatesResource, {
    name: 'project_templates',
    tags: ['Project template'],
  }),
];
