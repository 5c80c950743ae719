import { idSchema, projectSchema, projectSiteBodySchema, siteSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { reader } from '../../platform/resource-kit';
import { writer } from '../../platform/resource-kit';
import { sitesResource } from '../sites';
import { requireProject } from './project-record';
import { projectsResource } from './projects.resource';

const params = z.object({ id: idSchema });
const sites = reader(sitesResource);

/** A live site of the organisation, else a 422 naming site_id. */
async function requireSite(ctx: OrganisationContext, siteId: string) {
  const [site] = await sites.findMany(ctx, [siteId]);
  if (!site) {
    throw validationFailure([{ field: 'site_id', message: 'Site not found.', code: 'not_found' }]);
  }
  return site;
}

export const projectSiteRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/projects/:id/site',
    access: 'organisation',
    minRole: projectsResource.access.read,
    tags: ['Project', 'Site'],
    summary: "The project's site, or null when it has none",
    params,
    response: z.object({ data: siteSchema.nullable() }),
    handler: async (ctx, { params }) => {
      const project = await requireProject(ctx, params.id);
      const siteId = project.site_id as string | null;
      const [site] = siteId ? await sites.findMany(ctx, [siteId]) : [];
      return { data: site ?? null };
    },
  }),
  route({
    method: 'PUT',
    path: '/projects/:id/site',
    access: 'organisation',
    minRole: projectsResource.access.write,
    tags: ['Project', 'Site'],
    summary:
      "Put the project on a site (body {site_id}) or take it off (null); an empty site_address takes the site's full address",
    params,
    body: projectSiteBodySchema,
    response: z.object({ data: projectSchema }),
    handler: async (ctx, { params, body }) => {
      const project = await requireProject(ctx, params.id);
      if (body.site_id) await requireSite(ctx, body.site_id);
      if (body.site_id !== project.site_id) {
        // The project's own rules fill an empty site_address from the site.
        await writer(projectsResource).update(ctx, project, { site_id: body.site_id });
      }
      return { data: await requireProject(ctx, params.id) };
    },
  }),
];
