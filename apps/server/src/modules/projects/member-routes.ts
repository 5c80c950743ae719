import type { RouteDef } from '../../platform/http/route';
import { linkRoutes } from '../../platform/resource-kit';
import { projectGuestsLinks } from './project-guests.links';
import { projectMembersLinks } from './project-members.links';

/** The project's members and its guests with their invites: the kit's declared link sets. */
export const projectMemberRoutes = (): RouteDef[] => [
  ...linkRoutes(projectMembersLinks),
  ...linkRoutes(projectGuestsLinks),
];
