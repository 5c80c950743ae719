import type { RouteDef } from '../../platform/http/route';
import { selectOptionsRoute } from '../../platform/resource-kit';
import { materialsResource } from './catalogue';
import { projectsResource } from './projects.resource';
import { projectTemplatesResource } from './templates.resource';

/** GET /select_options/{projects, project_templates, materials}. */
export const projectSelectOptionRoutes = (): RouteDef[] => [
  selectOptionsRoute(projectsResource, { name: 'projects', tags: ['Project'] }),
  selectOptionsRoute(projectTemplatesResource, {
    name: 'project_templates',
    tags: ['Project template'],
  }),
  selectOptionsRoute(materialsResource, { name: 'materials', tags: ['Material'] }),
];
