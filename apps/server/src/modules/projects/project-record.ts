import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import type { ResourceDeclaration } from '../../platform/resource-kit';
import { reader } from '../../platform/resource-kit';
import { projectsResource } from './projects.resource';

/** A live record of a declared resource as the API answers it, else 404 naming its label. */
export async function requireRecord(
  ctx: OrganisationContext,
  declaration: ResourceDeclaration,
  id: string,
) {
  const [row] = await reader(declaration).findMany(ctx, [id]);
  if (!row) throw notFound(declaration.label);
  return row;
}

/** A live project as the API answers it, else 404. */
export const requireProject = (ctx: OrganisationContext, id: string) =>
  requireRecord(ctx, projectsResource, id);
