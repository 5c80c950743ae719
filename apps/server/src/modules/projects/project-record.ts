import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { reader } from '../../platform/resource-kit/repository';
import { projectsResource } from './projects.resource';

const projects = reader(projectsResource);

/** A live project as the API answers it, else 404. */
export async function requireProject(ctx: OrganisationContext, id: string) {
  const [project] = await projects.findMany(ctx, [id]);
  if (!project) throw notFound('Project');
  return project;
}
