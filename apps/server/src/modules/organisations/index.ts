// The organisations module's public face.
export { organisationRoutes } from './routes';
export { listOrganisations, registerOrganisation } from './service';
