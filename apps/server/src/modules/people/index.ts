// The people module's public face: members, guests and invites.
export { peopleRoutes } from './routes';
export { createInvite, openGuestInvitesNaming } from './invites';
export { checkActiveMembers } from './members';
export { loadMemberships } from './memberships';
export { memberDocumentMetrics } from './metrics';
