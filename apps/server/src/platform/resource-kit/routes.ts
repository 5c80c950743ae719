import type { RouteDef } from '../http/route';
import type { ResourceDeclaration } from './declaration';
import { actionRoutes } from './verbs/actions';
import { createRoutes } from './verbs/create';
import { deleteRoutes } from './verbs/delete';
import { duplicateRoutes } from './verbs/duplicate';
import { fileRoutes } from './verbs/files';
import { getRoutes } from './verbs/get';
import { historyRoutes } from './verbs/history';
import { registerAudited } from './audit-trail/registry';
import { verbKit } from './verbs/kit';
import { listRoute, listRoutes } from './verbs/list';
import { moveRoutes } from './verbs/move';
import { reorderRoutes } from './verbs/reorder';
import { stateRoutes } from './verbs/state';
import { updateRoutes } from './verbs/update';
import { updateManyRoutes } from './verbs/update-many';

/**
 * Serves the generic pattern of field-work §7 for one declared resource: each verb's routes are
 * built in their own file under verbs/, in the order they are registered here.
 */
export function resourceRoutes(declaration: ResourceDeclaration): RouteDef[] {
  const kit = verbKit(declaration);
  registerAudited(declaration);
  // The history verb answers audit entries, not the declaration's records (see verbs/history.ts).
  const history = historyRoutes(kit);
  const own = served(declaration, [
    ...listRoutes(kit),
    ...createRoutes(kit),
    ...getRoutes(kit),
    ...updateManyRoutes(kit),
    ...updateRoutes(kit),
    ...fileRoutes(kit),
    ...deleteRoutes(kit),
    ...stateRoutes(kit),
    ...duplicateRoutes(kit),
    ...moveRoutes(kit),
    ...reorderRoutes(kit),
    ...actionRoutes(kit),
  ]);
  return [...own, ...history];
}

/** The kit's list of a resource served at another path, e.g. GET /members/query. */
export const resourceListRoute = (
  declaration: ResourceDeclaration,
  options: { path: string; summary?: string; tags?: string[] },
): RouteDef => served(declaration, [listRoute(verbKit(declaration), options)])[0]!;

const servedBy = new WeakMap<RouteDef, ResourceDeclaration>();
const served = (declaration: ResourceDeclaration, routes: RouteDef[]) => {
  for (const def of routes) servedBy.set(def, declaration);
  return routes;
};

/** The declaration a route of the kit serves (for tests walking every declaration). */
export const declarationOf = (def: RouteDef): ResourceDeclaration | undefined => servedBy.get(def);
