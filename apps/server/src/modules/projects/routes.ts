import { idSchema, projectDuplicateSchema, projectSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { writer } from '../../platform/resource-kit';
import { configurationRoutes } from './configuration-routes';
import { duplicateOwner } from './duplicate';
import { projectExtraRoutes } from './extra-routes';
import { libraryTemplateRoutes } from './library-templates';
import { requireRecord } from './project-record';
import { projectsResource } from './projects.resource';
import { searchRoutes } from './search';
import { projectTemplatesResource } from './templates.resource';

const idParams = z.object({ id: idSchema });

export const projectRoutes = (): RouteDef[] => [
  ...resourceRoutes(projectsResource),
  ...resourceRoutes(projectTemplatesResource),
  ...configurationRoutes(),
  ...libraryTemplateRoutes(),
  ...projectExtraRoutes(),
  ...searchRoutes(),
  route({
    method: 'POST',
    path: '/projects/:id/duplicate',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Project'],
    summary:
      'Duplicate a project: settings, configuration lists and members are copied, work records are not (body {name?, client_id?})',
    params: idParams,
    body: projectDuplicateSchema,
    status: 201,
    response: z.object({ data: projectSchema }),
    handler: async (ctx, { params, body }) => {
      if (body?.client_id) await checkClient(ctx, body.client_id);
      const copy = await duplicateOwner(ctx, { column: 'project_id', id: params.id }, body ?? {});
      if (!copy) throw notFound('Project');
      return { data: await requireRecord(ctx, projectsResource, copy) };
    },
  }),
];

const checkClient = (ctx: OrganisationContext, clientId: string) =>
  writer(projectsResource).checkReferences(ctx, [{ client_id: clientId }]);
